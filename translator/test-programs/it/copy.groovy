// Copies `files` (a path under translator/test-programs -> a path in the project) into the project an
// integration test builds; run from the project's prebuild.groovy.
def shared = new File(basedir, '../../../../test-programs')
files.each { from, to ->
    def target = new File(basedir, to)
    target.parentFile.mkdirs()
    target.text = new File(shared, from).text
}
