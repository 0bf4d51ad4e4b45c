package bamboo.translator.emit;

import bamboo.translator.GeneratedSource;
import bamboo.translator.analyse.BodyAnalysis;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.find.Program;
import bamboo.translator.outline.FiringRules;
import bamboo.translator.outline.StateMachine;
import com.github.javaparser.ast.stmt.BlockStmt;

import java.util.List;

/**
 * The last stage: prints a program's companion classes, the task class ({@link TaskClass}) and the entry
 * point ({@link EntryPoint}), from what the earlier stages made of it, and says what became of each
 * region and evaluation point (for {@code check --explain}).
 */
public final class ProgramEmitter {
    private ProgramEmitter() {
    }

    /** The companions of one program and the notes about it. */
    public record Emitted(List<GeneratedSource> sources, List<Diagnostic> notes) {
    }

    /**
     * @param execute the body of execute() the state machine built
     * @param yields whether the program uses TaskHints (the task then may yield at the end of regions)
     */
    public static Emitted emit(Program program, BodyAnalysis analysis, StateMachine machine, BlockStmt execute,
                               FiringRules rules, boolean yields) {
        List<Diagnostic> notes = ProgramNotes.of(program, machine, rules.byRegion());
        TaskClass task = new TaskClass(program, analysis.fields(), execute, machine, rules.inOrder(), yields);
        return new Emitted(List.of(
                new GeneratedSource(program.packageName(), TaskClass.name(program), program.fileName(), task.print()),
                new GeneratedSource(program.packageName(), EntryPoint.name(program), program.fileName(),
                        new EntryPoint(program).print())), notes);
    }
}
