import MushCommands

/// The `mush` executable: the commands live in MushCommands, where tests run them in-process.
@main
enum Main {
    static func main() async {
        await MushCommand.main()
    }
}
