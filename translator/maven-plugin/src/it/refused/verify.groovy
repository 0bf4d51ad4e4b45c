def log = new File(basedir, 'build.log').text
def file = new File(basedir, 'src/main/java/demo/BadSend.java').toPath().toAbsolutePath().normalize()
assert log.contains("[ERROR] ${file}:12:9: error: 'send' block outside an olap region")
assert log.contains('Bamboo refused the translation with 1 error')
assert log.contains('BUILD FAILURE')
assert !new File(basedir, 'target/generated-sources/bamboo/demo/BadSend_Bamboo.java').exists()
return true
