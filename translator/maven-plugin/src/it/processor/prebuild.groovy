// The project's sources come from translator/test-programs, shared with the tests of the goal and the processor.
files = ['demo/Ring.java': 'src/main/java/demo/Ring.java', 'it/demo/RingTest.java': 'src/test/java/demo/RingTest.java']
evaluate(new File(basedir, '../../../../test-programs/it/copy.groovy'))
return true
