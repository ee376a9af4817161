import Foundation

/// A sample record in a format folder: `v<N>.json` or `v<N>-<label>.json`, a record as a
/// release writing format N wrote it, optionally beside `<name>.expected.json`, what it must
/// restore to.
package struct FormatSample: Hashable, Sendable {
    /// The file's name without `.json` (`v2-no-filters`).
    package let name: String
    /// The sample's file.
    package let url: URL
    /// The format its name gives (`v2-…` is 2).
    package let version: Int

    /// The sample `name` in `folder`, when `name` is a sample's name (`v<N>` or `v<N>-<label>`).
    package init?(name: String, in folder: URL) {
        guard name.hasPrefix("v") else { return nil }
        let digits = name.dropFirst().prefix { $0.isASCII && $0.isNumber }
        let rest = name.dropFirst(1 + digits.count)
        guard let version = Int(digits), version >= 1, rest.isEmpty || (rest.hasPrefix("-") && rest.count > 1), !name.contains(".") else {
            return nil
        }
        self.name = name
        self.version = version
        url = folder.appendingPathComponent("\(name).json")
    }

    /// The file of what the sample must restore to: `<name>.expected.json` beside it.
    package var expectationURL: URL { url.deletingLastPathComponent().appendingPathComponent("\(name).expected.json") }
}
