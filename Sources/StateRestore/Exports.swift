// What an app's code names from the modules under StateRestore, one declaration at a time (its
// nested types with it): `import StateRestore` brings these and nothing else of JSON or
// StateStore, whose connection, tables and writes are the package's own. A kind's `upgrade`
// takes a `JSONObject` of `JSONValue`s; a restorer opens its file with a
// `DatabaseConfiguration` (its durability, access, file protection and role); a sign-out
// returns a `PurgeResult`; the store's refusals and failures are its errors. The StateRestore
// overview lists every public type an app sees, and .ci/docs fails when there are more.
@_exported import struct JSON.JSONObject
@_exported import enum JSON.JSONValue
@_exported import struct StateStore.DatabaseConfiguration
@_exported import struct StateStore.DatabaseFileProtection
@_exported import enum StateStore.DatabaseRole
@_exported import struct StateStore.PurgeResult
@_exported import enum StateStore.StoreError
