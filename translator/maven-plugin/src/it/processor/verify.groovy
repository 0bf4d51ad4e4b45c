def log = new File(basedir, 'build.log').text
def gen = new File(basedir, 'target/generated-sources/annotations/demo')
assert new File(gen, 'Ring_BambooTask.java').isFile()
assert new File(gen, 'Ring_Bamboo.java').isFile()
assert new File(basedir, 'target/classes/demo/Ring_Bamboo.class').isFile()
assert !new File(basedir, 'src/main/java/demo/Ring_Bamboo.java').exists() : 'sources must not be touched'
assert log.contains('ring iterations=6 OK')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0')
return true
