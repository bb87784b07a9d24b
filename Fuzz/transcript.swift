import Foundation
import Ristretto

/// Target `transcript`: a transcript saved to disk, decoded (`Transcript+Codable`).
///
/// Invariants: decoding never traps; a transcript that decodes encodes to JSON that decodes to
/// an equal transcript.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  guard let transcript = try? JSONDecoder().decode(Transcript.self, from: Data(input.rest())) else { return 0 }
  let encoded: Data
  do {
    encoded = try JSONEncoder().encode(transcript)
  } catch {
    violated("a decoded transcript does not encode: \(error)")
  }
  guard let again = try? JSONDecoder().decode(Transcript.self, from: encoded) else {
    violated("an encoded transcript does not decode: \(String(decoding: encoded, as: UTF8.self))")
  }
  guard again == transcript else { violated("the transcript changed on a round trip") }
  return 0
}
