/// What a redacted export (`Store.writeRedactedExport(of:to:migrator:redacting:)`) asks of the
/// module that knows the record formats: the store knows which columns hold payloads and free
/// text, never what is in them.
///
/// An export calls one redactor for every value of a file, so it may keep a mapping across
/// them (equal strings, equal placeholders).
package protocol ExportRedacting: AnyObject {
    /// `bytes` (a column's value: a payload, or a message as UTF-8) redacted as `content` says;
    /// the result is stored in place of it, as text when the value was text.
    func redacted(_ bytes: [UInt8], as content: ExportedContent) -> [UInt8]
}
