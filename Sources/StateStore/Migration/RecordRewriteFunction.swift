import CSQLite
import Foundation

/// A data step's transform as an SQL function, so one `UPDATE` rewrites a batch of records
/// where SQLite reads them, with no row handed to Swift and no statement stepped per record.
///
/// `restorectl_rewritten(part, payload)` is the transform's `RecordRewrite` of `payload`: its
/// version (`part` 0, NULL when the record stays as it is), its `minReaderVersion` (1) or its
/// payload (2). An `UPDATE` names it once per column and once in its `WHERE`; the last payload
/// and its rewrite are kept, so each record is transformed once whatever order SQLite
/// evaluates the calls in. A transform's error fails the statement and is kept in ``error``
/// for the caller to throw as it was.
final class RecordRewriteFunction {
    /// The function's SQL name.
    static let name = "restorectl_rewritten"
    /// The `part` that reads the rewrite's version.
    static let versionPart = 0
    /// The `part` that reads the rewrite's `minReaderVersion`.
    static let minReaderVersionPart = 1
    /// The `part` that reads the rewrite's payload.
    static let payloadPart = 2

    private let transform: (UnsafeRawBufferPointer) throws -> RecordRewrite?
    /// The payload last transformed, and what the transform made of it. Only SQLite's calls
    /// of the function, one at a time on the thread stepping the statement, touch them: no
    /// dynamic exclusivity check at each of a record's three or four calls.
    @exclusivity(unchecked) private var lastPayload: [UInt8] = []
    @exclusivity(unchecked) private var lastRewrite: RecordRewrite?
    @exclusivity(unchecked) private var hasLast = false
    /// The transform's error that failed the statement.
    fileprivate(set) var error: (any Error)?

    private init(_ transform: @escaping (UnsafeRawBufferPointer) throws -> RecordRewrite?) {
        self.transform = transform
    }

    /// Runs `body` with the function registered on `database` as `transform`, removing it
    /// afterwards (prepare and finish its statements inside `body`).
    static func registering<T>(
        _ transform: (UnsafeRawBufferPointer) throws -> RecordRewrite?, on database: Database, _ body: (RecordRewriteFunction) throws -> T
    ) throws -> T {
        try withoutActuallyEscaping(transform) { transform in
            let function = RecordRewriteFunction(transform)
            return try withExtendedLifetime(function) {
                try function.register(on: database, context: Unmanaged.passUnretained(function).toOpaque())
                defer { try? function.register(on: database, context: nil) }
                return try body(function)
            }
        }
    }

    /// Registers the function with `context` as its data, or removes it when `context` is nil.
    private func register(on database: Database, context: UnsafeMutableRawPointer?) throws(StoreError) {
        guard let handle = database.handle else { throw database.closedError("-- register \(Self.name)") }
        let flags = SQLITE_UTF8 | SQLITE_DIRECTONLY
        let call: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)? = context == nil ? nil : callRecordRewrite
        let code = sqlite3_create_function_v2(handle, Self.name, 2, flags, context, call, nil, nil, nil)
        guard code == SQLITE_OK else { throw StoreError(connection: handle, resultCode: code, sql: "-- register \(Self.name)") }
    }

    /// The rewrite of `payload`, transformed once for a run of calls with the same bytes.
    fileprivate func rewrite(of payload: UnsafeRawBufferPointer) throws -> RecordRewrite? {
        if hasLast, lastPayload.count == payload.count,
            payload.isEmpty || lastPayload.withUnsafeBytes({ memcmp($0.baseAddress!, payload.baseAddress!, payload.count) == 0 })
        {
            return lastRewrite
        }
        hasLast = false
        let rewrite = try transform(payload)
        lastPayload.removeAll(keepingCapacity: true)
        lastPayload.append(contentsOf: payload)
        lastRewrite = rewrite
        hasLast = true
        return rewrite
    }
}

/// The C entry point SQLite calls for `restorectl_rewritten(part, payload)`.
private func callRecordRewrite(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let data = sqlite3_user_data(context), let arguments, count == 2 else {
        sqlite3_result_error(context, "\(RecordRewriteFunction.name) takes a part and a payload", -1)
        return
    }
    let function = Unmanaged<RecordRewriteFunction>.fromOpaque(data).takeUnretainedValue()
    let part = Int(sqlite3_value_int(arguments[0]))
    let value = arguments[1]
    let byteCount = Int(sqlite3_value_bytes(value))
    let payload = UnsafeRawBufferPointer(start: byteCount > 0 ? sqlite3_value_blob(value) : nil, count: byteCount)
    let rewrite: RecordRewrite?
    do {
        rewrite = try function.rewrite(of: payload)
    } catch {
        function.error = error
        sqlite3_result_error(context, "the record rewrite failed: \(error)", -1)
        return
    }
    guard let rewrite else {
        sqlite3_result_null(context)
        return
    }
    switch part {
    case RecordRewriteFunction.versionPart:
        sqlite3_result_int64(context, Int64(rewrite.version))
    case RecordRewriteFunction.minReaderVersionPart:
        if let minimum = rewrite.minReaderVersion { sqlite3_result_int64(context, Int64(minimum)) } else { sqlite3_result_null(context) }
    default:
        var text = rewrite.payload
        text.withUTF8 { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            sqlite3_result_text64(context, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }
}
