// The project's sources come from translator/test-programs, shared with the tests of the goal and the processor.
files = ['demo/BadSend.java': 'src/main/java/demo/BadSend.java']
evaluate(new File(basedir, '../../../../test-programs/it/copy.groovy'))
return true
