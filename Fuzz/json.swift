import Ristretto

/// Target `json`: strict JSON parsing of any bytes.
///
/// Invariants: parsing never traps; a document that parses prints (`jsonString`) to JSON that
/// parses back to an equal value; the partial parser reads a complete document as the strict one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let text = String(decoding: input.rest(), as: UTF8.self)
  guard let value = try? GeneratedContent(json: text) else { return 0 }
  let printed = value.jsonString
  guard let again = try? GeneratedContent(json: printed) else { violated("printed JSON does not parse: \(printed)") }
  guard again == value else { violated("round trip changed \(printed) into \(again.jsonString)") }
  guard let partial = try? GeneratedContent(partialJSON: text) else { violated("partial parser refuses a complete document") }
  guard partial.jsonString == printed else { violated("partial parser reads \(partial.jsonString), strict \(printed)") }
  // A number at the very end may still grow, so the partial parser cannot call it complete.
  if case .number = value.kind {} else if !partial.isComplete { violated("partial parser calls \(printed) incomplete") }
  return 0
}
