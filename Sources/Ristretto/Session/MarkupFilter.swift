/// Cuts a streamed answer at the first chat-template marker, so marker text never reaches a user.
///
/// A model that drifts out of its turn writes the markers of a template as plain text
/// (`<|im_end|>user\n…`); everything from the first marker on is dropped, and the filter says
/// so (``isStopped``) so the caller can stop generating. Text that might be the start of a marker
/// is held back until the next delta shows whether it is one.
struct MarkupFilter: Sendable {
  private let markers: [[Unicode.Scalar]]
  private var held: [Unicode.Scalar] = []
  /// Whether a marker was found; nothing after it is passed on.
  private(set) var isStopped = false

  /// A filter for `markers` (empty strings are ignored).
  init(markers: [String]) {
    self.markers = markers.filter { !$0.isEmpty }.map { Array($0.unicodeScalars) }
  }

  /// The part of `delta` that is safe to show now.
  mutating func feed(_ delta: String) -> String {
    guard !isStopped else { return "" }
    let buffer = held + Array(delta.unicodeScalars)
    if let cut = firstMarker(in: buffer) {
      isStopped = true
      held = []
      return String(String.UnicodeScalarView(buffer[..<cut]))
    }
    let keep = longestMarkerPrefixSuffix(of: buffer)
    held = Array(buffer[(buffer.count - keep)...])
    return String(String.UnicodeScalarView(buffer[..<(buffer.count - keep)]))
  }

  /// What is still held back once the stream has ended.
  mutating func finish() -> String {
    defer { held = [] }
    return isStopped ? "" : String(String.UnicodeScalarView(held))
  }

  private func firstMarker(in buffer: [Unicode.Scalar]) -> Int? {
    var best: Int?
    for marker in markers where marker.count <= buffer.count {
      var start = 0
      while start + marker.count <= buffer.count, start < (best ?? Int.max) {
        if buffer[start] == marker[0], buffer[start..<start + marker.count].elementsEqual(marker) {
          best = start
          break
        }
        start += 1
      }
    }
    return best
  }

  private func longestMarkerPrefixSuffix(of buffer: [Unicode.Scalar]) -> Int {
    var longest = 0
    for marker in markers {
      for length in stride(from: min(marker.count - 1, buffer.count), to: longest, by: -1)
      where buffer[(buffer.count - length)...].elementsEqual(marker[..<length]) {
        longest = length
        break
      }
    }
    return longest
  }
}
