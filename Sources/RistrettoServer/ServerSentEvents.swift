import Foundation

/// Splits a server-sent-events body into the `data:` payloads of its events, fed in pieces of
/// any size (a piece may end mid-line or mid-character).
struct ServerSentEvents: Sendable {
  private var buffer: [UInt8] = []
  private var data: [String] = []
  private var dataBytes = 0

  /// Adds bytes; returns the payloads of the events they complete.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [String] {
    buffer.append(contentsOf: bytes)
    var events: [String] = []
    var start = buffer.startIndex
    while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
      var line = buffer[start..<newline]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      start = newline + 1
      if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
    }
    // One removal per feed: the cost is linear in the bytes, however many lines they hold.
    buffer.removeSubrange(..<start)
    return events
  }

  /// Bytes of the line still unfinished and of the event being gathered.
  var pendingBytes: Int { buffer.count + dataBytes }

  /// The payload of an event the body ended without a blank line after, if any.
  mutating func finish() -> String? {
    if !buffer.isEmpty {
      let line = String(decoding: buffer, as: UTF8.self)
      buffer.removeAll()
      if let event = take(line) { return event }
    }
    return take("")
  }

  /// Whether bytes of an unfinished line are waiting.
  var hasPendingBytes: Bool { !buffer.isEmpty || !data.isEmpty }

  private mutating func take(_ line: String) -> String? {
    if line.isEmpty {
      guard !data.isEmpty else { return nil }
      defer { (data, dataBytes) = ([], 0) }
      return data.joined(separator: "\n")
    }
    guard line.hasPrefix("data:") else { return nil }  // comments, `event:`, `id:`, `retry:`
    var payload = line.dropFirst(5)
    if payload.first == " " { payload = payload.dropFirst() }
    dataBytes += payload.utf8.count
    data.append(String(payload))
    return nil
  }
}
