// The project's sources come from translator/test-programs, shared with the tests of the goal and the processor.
files = ['demo/Ring.java': 'src/main/java/demo/Ring.java', 'it/demo/RingTest.java': 'src/test/java/demo/RingTest.java']
evaluate(new File(basedir, '../../../../test-programs/it/copy.groovy'))

// A companion of a program that no longer exists: the goal must remove it.
def stale = new File(basedir, 'target/generated-sources/bamboo/demo/Gone_Bamboo.java')
stale.parentFile.mkdirs()
stale.text = 'package demo; class Gone_Bamboo { }'
return true
