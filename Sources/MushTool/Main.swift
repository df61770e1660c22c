import MushCommands

/// The `mush` executable: the commands live in MushCommands, where tests run them in-process.
@main
enum Main {
    static func main() async {
        // Before anything awaits: the runtime's first descriptors must not take 0, 1 or 2.
        MushCommand.holdStandardDescriptors()
        await MushCommand.main()
    }
}
