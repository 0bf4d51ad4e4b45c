// A companion of a program that no longer exists: the goal must remove it.
def stale = new File(basedir, 'target/generated-sources/bamboo/demo/Gone_Bamboo.java')
stale.parentFile.mkdirs()
stale.text = 'package demo; class Gone_Bamboo { }'
return true
