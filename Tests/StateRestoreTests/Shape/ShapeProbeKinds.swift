import Foundation
import StateRestore

// Kinds whose shapes the probe is tested on: the Codable features an app's state uses.

/// How an inbox is sorted: a `CaseIterable` enum, so its raw values are known.
enum InboxSort: String, Codable, CaseIterable {
    case date, sender, thread
}

/// A priority without `allCases`: its raw values cannot be listed.
enum InboxPriority: Int, Codable {
    case low = 1
    case high = 2
}

/// A nested struct, held as a value and as an optional.
struct InboxFilters: Codable, Equatable {
    var unreadOnly: Bool
    var flaggedOnly: Bool
}

/// An array element with a field of its own.
struct InboxPin: Codable, Equatable {
    var messageID: UUID
    var note: String?
}

/// A kind using most of what `Codable` offers: optional scalars, nested and optional structs, a
/// `CaseIterable` enum, an enum without `allCases`, an empty array of structs, a dictionary, a
/// `Date`, a `UUID?` and a set of enums.
struct InboxState: RestorableState {
    static let kind = "inbox"
    static let currentVersion = 3
    static let defaultValue = InboxState()

    var query = ""
    var sort = InboxSort.date
    var priority: InboxPriority?
    var selectedID: Int?
    var zoom = 1.0
    var filters = InboxFilters(unreadOnly: false, flaggedOnly: false)
    var savedFilters: InboxFilters?
    var pins: [InboxPin] = []
    var counts: [String: Int] = [:]
    var openedAt = Date(timeIntervalSinceReferenceDate: 0)
    var draftID: UUID?
    var hiddenSorts: Set<InboxSort> = []
}

/// A folder tree: a type inside itself.
struct FolderNode: Codable, Equatable {
    var name: String
    var children: [FolderNode]
}

/// A kind holding a type that contains itself.
struct FolderTreeState: RestorableState {
    static let kind = "folders"
    static let currentVersion = 1
    static let defaultValue = FolderTreeState(root: FolderNode(name: "root", children: []))

    var root: FolderNode
}

/// A kind whose `init(from:)` reads the record as a whole, as the catalog's does.
struct WholeRecordState: RestorableState {
    static let kind = "whole"
    static let currentVersion = 1
    static let defaultValue = WholeRecordState(title: "")

    var title: String

    init(title: String) { self.title = title }

    init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard case .string(let title)? = value["title"] else {
            self.init(title: "")
            return
        }
        self.init(title: title)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
    }

    private enum CodingKeys: String, CodingKey { case title }
}

/// The same kind with its shape given by hand.
struct ExplicitWholeRecordState: RestorableState {
    static let kind = "whole"
    static let currentVersion = 1
    static let defaultValue = ExplicitWholeRecordState(inner: WholeRecordState(title: ""))
    static var recordShape: RecordShape? { .object(["title": .string]) }

    var inner: WholeRecordState

    init(inner: WholeRecordState) { self.inner = inner }
    init(from decoder: any Decoder) throws { inner = try WholeRecordState(from: decoder) }
    func encode(to encoder: any Encoder) throws { try inner.encode(to: encoder) }
}

/// A kind whose given shape its own default does not fit.
struct MisdescribedState: RestorableState {
    static let kind = "misdescribed"
    static let currentVersion = 1
    static let defaultValue = MisdescribedState(count: 1)
    static var recordShape: RecordShape? { .object(["count": .string]) }

    var count: Int
}

/// An array element whose first field is an enum without `allCases`: with an empty default
/// array, the probe cannot see past it.
struct PriorityRule: Codable, Equatable {
    var priority: InboxPriority
    var label: String
}

/// A kind whose default leaves the probe blind to part of a type.
struct RulesState: RestorableState {
    static let kind = "rules"
    static let currentVersion = 1
    static let defaultValue = RulesState(rules: [])

    var rules: [PriorityRule]
}
