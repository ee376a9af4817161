/// The options of a command that takes none but `--help`.
struct NoOptions: ParsableOptions {}
