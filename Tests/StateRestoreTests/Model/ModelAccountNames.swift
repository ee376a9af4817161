/// The names the engine sees for the model's accounts: the model's two accounts are one name
/// spelled two ways, `café` composed (U+00E9) and decomposed (`e` and U+0301). SQLite keeps them
/// apart by their bytes; Swift's `==`, `Set` and `Dictionary` call them one. Every comparison of
/// names in the engine that is not by bytes is reached by the model this way: a sign-out of
/// one account dropped the other's pending save, a discard of one scene the other's, and the
/// fence cache answered one account with the other's generation.
///
/// The model, its sequences and its files keep the ASCII names; the harness maps them where a
/// name crosses into the engine, a child or the tool, and back where one comes out.
enum ModelAccountNames {
    private static let names: [(model: String, engine: String)] = [
        ("alice", "caf\u{E9}"),
        ("bob", "cafe\u{301}"),
    ]

    /// The engine's name for the model's `account`.
    static func engine(_ account: String) -> String {
        names.first { $0.model == account }?.engine ?? account
    }

    /// The model's name for the engine's `account`, told apart by its bytes.
    static func model(_ account: String) -> String {
        names.first { Array($0.engine.utf8) == Array(account.utf8) }?.model ?? account
    }
}
