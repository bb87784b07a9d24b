import Foundation
import Ristretto
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the fake server sends back for one request.
enum FakeReply: Sendable {
  /// A whole body with a Content-Length.
  case json(status: Int = 200, String)
  /// Server-sent events, one `data:` payload each, then `[DONE]` when `done`; the connection
  /// closes after the last one.
  case events([String], done: Bool = true)
  /// Exactly these bytes, then the connection closes.
  case raw(String)
  /// Headers and these events, then nothing more until the server stops (a stalled model).
  case stall([String])
  /// Nothing at all until the server stops (a server that never answers).
  case silence
  /// Stream headers, then `chunk` again and again, `interval` seconds apart, until the client
  /// goes away or the server stops (a server that drips, keeps alive, or never stops generating).
  case repeating(String, interval: Double)
}

/// One request the fake server received.
struct ReceivedRequest: Sendable {
  var method: String
  var path: String
  var headers: [String: String]
  var body: String
}

/// A tiny HTTP/1.1 server on 127.0.0.1 and a free port, one thread per connection, answering
/// each request with what `reply` returns; for tests of the served backend without a network.
final class FakeHTTPServer: Sendable {
  let port: UInt16
  private let socket: Int32
  private let log = LockedValue<[ReceivedRequest]>([])
  private let stopped = Atomic<Bool>(false)
  private let reply: @Sendable (ReceivedRequest) -> FakeReply

  /// Starts listening.
  init(reply: @escaping @Sendable (ReceivedRequest) -> FakeReply) throws {
    self.reply = reply
    let (fd, port) = try Self.bindLoopback()
    guard listen(fd, 16) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    socket = fd
    self.port = port
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// A server that answers every request with the next reply of `replies` (the last repeats).
  convenience init(_ replies: [FakeReply]) throws {
    let index = Atomic<Int>(0)
    try self.init { _ in
      let next = index.add(1, ordering: .relaxed).oldValue
      return replies[min(next, replies.count - 1)]
    }
  }

  deinit { stop() }

  /// The base URL.
  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// The requests received so far, oldest first.
  var received: [ReceivedRequest] { log.withLock { $0 } }

  /// Stops accepting and releases stalled connections.
  func stop() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }

  /// A port nothing listens on: bound by a socket that never listens and stays open for the
  /// whole run, so a connection to it is refused and no other test's server can be given it
  /// (a port bound, then closed, can be handed to the next server, which would answer).
  static func closedPort() throws -> UInt16 { try reservedPort.get() }

  /// A port free right now, for another server to listen on (bound, then closed; never the
  /// reserved ``closedPort()``, which no one else can bind).
  static func freePort() throws -> UInt16 {
    let (fd, port) = try bindLoopback()
    close(fd)
    return port
  }

  // Never closed: the port stays reserved, and refuses connections, until the process ends.
  private static let reservedPort = Result<UInt16, any Error> { try bindLoopback().port }

  /// A TCP socket bound to 127.0.0.1 on a port the system picks, not yet listening.
  private static func bindLoopback() throws -> (fd: Int32, port: UInt16) {
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  private func acceptLoop() {
    while !stopped.load(ordering: .relaxed) {
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { return }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = read(connection) else { return }
    log.withLock { $0.append(request) }
    switch reply(request) {
    case .json(let status, let body):
      write(
        connection,
        "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
          + "Connection: close\r\n\r\n\(body)")
    case .events(let payloads, let done):
      write(connection, Self.eventHeaders)
      for payload in payloads { write(connection, "data: \(payload)\n\n") }
      if done { write(connection, "data: [DONE]\n\n") }
    case .raw(let bytes):
      write(connection, bytes)
    case .stall(let payloads):
      write(connection, Self.eventHeaders)
      for payload in payloads { write(connection, "data: \(payload)\n\n") }
      waitUntilStopped(connection)
    case .silence:
      waitUntilStopped(connection)
    case .repeating(let chunk, let interval):
      write(connection, Self.eventHeaders)
      while !stopped.load(ordering: .relaxed), write(connection, chunk) {
        if interval > 0 { Thread.sleep(forTimeInterval: interval) }
      }
    }
  }

  private static let eventHeaders = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"

  /// Holds the connection until the server stops or the client goes away.
  private func waitUntilStopped(_ connection: Int32) {
    var byte: UInt8 = 0
    while !stopped.load(ordering: .relaxed) {
      var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 50) > 0, recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0 { return }
    }
  }

  /// Sends `text`; false when the client has gone away.
  @discardableResult
  private func write(_ connection: Int32, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  private func read(_ connection: Int32) -> ReceivedRequest? {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var headerEnd: Int?
    var contentLength = 0
    while true {
      if let end = headerEnd, data.count >= end + contentLength { break }
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data += buffer[..<count]
      if headerEnd == nil, let range = data.firstRange(of: Array("\r\n\r\n".utf8)) {
        headerEnd = range.upperBound
        let head = String(decoding: data[..<range.lowerBound], as: UTF8.self)
        for line in head.split(separator: "\r\n").dropFirst() where line.lowercased().hasPrefix("content-length:") {
          contentLength = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
    }
    let end = headerEnd!
    let lines = String(decoding: data[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
    let start = lines[0].split(separator: " ")
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return ReceivedRequest(
      method: String(start.first ?? ""), path: start.count > 1 ? String(start[1]) : "", headers: headers,
      body: String(decoding: data[end..<(end + contentLength)], as: UTF8.self))
  }
}
