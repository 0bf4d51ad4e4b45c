def log = new File(basedir, 'build.log').text
def gen = new File(basedir, 'target/generated-sources/bamboo/demo')
assert new File(gen, 'Ring_BambooTask.java').isFile()
assert new File(gen, 'Ring_Bamboo.java').isFile()
assert !new File(gen, 'Gone_Bamboo.java').exists() : 'stale companion not removed'
assert !new File(basedir, 'src/main/java/demo/Ring_Bamboo.java').exists() : 'sources must not be touched'
assert log.contains('Bamboo: translated 1 program(s) from 1 source file(s)')
assert log.contains('2 written, 0 unchanged, 1 stale removed')
// Skips: the second execution of the first build, and both executions of the second build.
assert log.count('Bamboo: companions up to date, 2 file(s)') == 3 : 'a run that should skip translated'
assert log.count('Bamboo: translated 1 program(s)') == 1
assert log.contains('ring iterations=6 OK')
// The task class carries its source map back to Ring.java; the entry point and the program none.
assert log =~ /Bamboo: source maps written into [1-9][0-9]* companion class file\(s\)/
def task = new String(new File(basedir, 'target/classes/demo/Ring_BambooTask.class').bytes, 'ISO-8859-1')
assert task.contains('SourceDebugExtension') && task.contains('SMAP\nRing_BambooTask.java\nBamboo\n')
assert task.contains('demo/Ring.java')
assert !new String(new File(basedir, 'target/classes/demo/Ring.class').bytes, 'ISO-8859-1').contains('SMAP')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0')
return true
