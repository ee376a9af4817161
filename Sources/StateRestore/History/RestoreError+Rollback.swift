import StateStore

extension RestoreError {
    /// For ``noRecord(scene:kind:elsewhere:)``: the sentence saying so, naming the accounts
    /// that hold the scene's kind (what `history`, which changes nothing, prints alone).
    package var noRecordSentence: String {
        guard case .noRecord(let scene, let kind, let elsewhere) = self else { return errorDescription ?? "" }
        guard !elsewhere.isEmpty else { return "\(scene) has no \(kind) record and no history" }
        let accounts = elsewhere.map(StoreNames.quoted).joined(separator: ", ")
        let holders = elsewhere.count == 1 ? "account \(accounts) holds" : "accounts \(accounts) hold"
        return "\(scene) has no \(kind) record and no history (\(holders) one for a scene of that name: check --account)"
    }
}
