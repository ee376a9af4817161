import Foundation
import StateRestore

/// Reading the files commands take (`--state FILE|-`, `--snapshot FILE|-`, `--document FILE`),
/// with the tool's errors.
enum InputFiles {
    /// The bytes of `path`, or of standard input for `-`. A missing file, or one that is not a
    /// regular file (a directory, FIFO, socket or device), is exit 66, as the exit table says of
    /// an input file; one that cannot be read, 74.
    static func read(_ path: String, console: Console, what: String) throws -> Data {
        if path == "-" { return try console.readStandardInput() }
        var status = stat()
        guard stat(path, &status) == 0 else { throw CommandFailure(.noInput, "\(what) \(path): no such file") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CommandFailure(.noInput, "\(what) \(path): it is a directory, not a file")
        default: throw CommandFailure(.noInput, "\(what) \(path): it is not a regular file (a FIFO, socket or device)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure(.ioError, "\(what) \(path): cannot be read") }
        return data
    }

    /// What `decode` makes of the bytes of `path` (standard input for `-`). Reading fails as
    /// ``read(_:console:what:)`` does; a decoding error is exit 65,
    /// `invalid <kind> <path>|on standard input: <reason>`.
    static func read<Value>(
        _ path: String, console: Console, what: String, decodingAs kind: String, with decode: (Data) throws -> Value
    ) throws -> Value {
        let data = try read(path, console: console, what: what)
        do {
            return try decode(data)
        } catch {
            throw CommandFailure(.dataError, "invalid \(kind) \(path == "-" ? "on standard input" : path): \(error.localizedDescription)")
        }
    }

    /// The scene key from the values of `--scene` and `--account` (`default` when `nil`), for a
    /// new write, or (`stored`) for what an older build may have stored
    /// (``SceneKey/init(storedScene:account:)``); a bad name is exit 65.
    static func sceneKey(scene: String, account: String?, stored: Bool = false) throws -> SceneKey {
        let account = account ?? "default"
        do {
            return stored ? try SceneKey(storedScene: scene, account: account) : try SceneKey(scene: scene, account: account)
        } catch {
            throw CommandFailure(.dataError, error.localizedDescription)
        }
    }
}
