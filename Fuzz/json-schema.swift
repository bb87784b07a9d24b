import Ristretto
import RistrettoTesting

/// Target `json-schema`: `GenerationSchema(jsonSchema:)` on any text, then everything a schema
/// read from a file goes through.
///
/// Invariants: reading never traps; a schema that reads compiles to a guidance grammar (or
/// throws a ``SchemaError``); its JSON Schema export reads back to the same schema; a sampled
/// instance validates.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let text = String(decoding: input.rest(), as: UTF8.self)
  guard let schema = try? GenerationSchema(jsonSchema: text) else { return 0 }
  let exported = schema.jsonSchemaString
  guard let again = try? GenerationSchema(jsonSchema: exported) else { violated("the export does not read back: \(exported)") }
  guard again == schema else { violated("the export reads back differently: \(exported)") }
  guard let sampler = try? SchemaSampler(schema: schema) else { return 0 }
  var random = SeededGenerator(seed: UInt64(size))
  let value = sampler.sample(using: &random)
  do {
    try validate(value, against: schema)
  } catch {
    violated("a sampled instance \(value.jsonString) is invalid: \(error)")
  }
  return 0
}
