// A kind's `upgrade(_:from:)` takes a `JSONObject`: an app that imports StateRestore gets the
// JSON layer's types with it.
@_exported import JSON
// Every error and result type the engine's API throws or returns (`StoreError`, `SQLiteError`,
// `MigrationError`, `Store.PurgeResult`, `DatabaseConfiguration`…) is StateStore's: an app that
// imports StateRestore alone names and matches them.
@_exported import StateStore
