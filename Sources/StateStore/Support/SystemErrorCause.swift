import Foundation

/// An operating-system error number in words, with its symbolic name, so a report says what
/// refused (`EMFILE: Too many open files`) instead of SQLite's generic "unable to open".
package enum SystemErrorCause {
    /// `EACCES: Permission denied`; `errno 1234: …` for a number without a name here.
    package static func describe(_ code: Int32) -> String {
        "\(name(of: code) ?? "errno \(code)"): \(String(cString: strerror(code)))"
    }

    /// The symbolic name of the errors storage and descriptors fail with.
    package static func name(of code: Int32) -> String? {
        switch code {
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case EROFS: "EROFS"
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case EIO: "EIO"
        case ENOENT: "ENOENT"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case ELOOP: "ELOOP"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case EBUSY: "EBUSY"
        case EAGAIN: "EAGAIN"
        case ENXIO: "ENXIO"
        case ETXTBSY: "ETXTBSY"
        case EEXIST: "EEXIST"
        default: nil
        }
    }
}
