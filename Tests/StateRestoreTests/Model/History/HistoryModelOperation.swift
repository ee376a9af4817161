import TestSupport

/// One step of a history sequence (issue #30's extension of the contract model): saves by
/// launches of different builds, discards, sign-outs, rollbacks by build (the app's) and by
/// entry (the tool's), each with every parameter it needs.
enum HistoryModelOperation: Equatable, CustomStringConvertible {
    typealias Slot = ModelOperation.Slot

    /// A new launch: the restorer of build `build` replaces the current one.
    case launch(build: String)
    case save(slot: Slot, value: String)
    case discard(slot: Slot)
    case signOut(account: String)
    case rollBack(build: String, account: String?)
    case toolRollBack(slot: Slot, entry: Int)

    static let builds = ["1.0", "1.1", "1.2"]
    static let values = ["a", "b", "c", "d"]

    var description: String {
        switch self {
        case .launch(let build): "launch \(build)"
        case .save(let slot, let value): "save \(slot) \(value)"
        case .discard(let slot): "discard \(slot)"
        case .signOut(let account): "sign-out \(account)"
        case .rollBack(let build, let account): "roll-back \(build) \(account ?? "*")"
        case .toolRollBack(let slot, let entry): "tool-rollback \(slot) \(entry)"
        }
    }

    /// A seeded sequence of `count` operations, saves the most frequent.
    static func sequence(seed: UInt64, count: Int) -> [HistoryModelOperation] {
        var random = SeededGenerator(seed: seed)
        let slots = ContractModel.slots
        return (0..<count).map { _ in
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<2: .launch(build: builds.randomElement(using: &random)!)
            case 2..<13: .save(slot: slots.randomElement(using: &random)!, value: values.randomElement(using: &random)!)
            case 13: .discard(slot: slots.randomElement(using: &random)!)
            case 14: .signOut(account: ContractModel.accounts.randomElement(using: &random)!)
            case 15..<18:
                .rollBack(build: builds.randomElement(using: &random)!, account: Bool.random(using: &random) ? nil : ContractModel.accounts.randomElement(using: &random)!)
            default: .toolRollBack(slot: slots.randomElement(using: &random)!, entry: Int.random(in: 1...4, using: &random))
            }
        }
    }
}
