import Foundation

/// The bytes libFuzzer hands a harness, read front to back as structured choices (as LLVM's
/// `FuzzedDataProvider` does): each read takes what it needs and yields zero when the bytes run out,
/// so every input, however short, decodes to something.
struct FuzzInput {
  private(set) var bytes: ArraySlice<UInt8>

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size))[...] } ?? []
  }

  init(bytes: [UInt8]) { self.bytes = bytes[...] }

  var isEmpty: Bool { bytes.isEmpty }

  /// The next byte, or 0 at the end.
  mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

  /// A number in `0..<count` (count > 0).
  mutating func choice(_ count: Int) -> Int { Int(byte()) % count }

  /// A Boolean.
  mutating func flag() -> Bool { byte() & 1 == 1 }

  /// A small signed integer.
  mutating func smallInt() -> Int { Int(Int8(bitPattern: byte())) }

  /// The next `count` bytes (fewer at the end).
  mutating func take(_ count: Int) -> [UInt8] {
    let taken = Array(bytes.prefix(count))
    bytes = bytes.dropFirst(taken.count)
    return taken
  }

  /// A short string: a length byte, then that many bytes decoded as UTF-8 (invalid bytes replaced).
  mutating func shortString(maximum: Int = 12) -> String {
    let length = choice(maximum + 1)
    return String(decoding: take(length), as: UTF8.self)
  }

  /// Everything left.
  mutating func rest() -> [UInt8] {
    let all = Array(bytes)
    bytes = []
    return all
  }

  /// Splits the rest at the first `separator` byte: (before, after).
  mutating func split(at separator: UInt8) -> ([UInt8], [UInt8]) {
    let all = rest()
    guard let index = all.firstIndex(of: separator) else { return (all, []) }
    return (Array(all[..<index]), Array(all[(index + 1)...]))
  }
}

/// Stops the run with a message libFuzzer reports as a crash: a broken invariant, not an error.
func violated(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("invariant violated: \(message())", file: file, line: line)
}

/// The repository root, found from this file's path (harnesses are built in place).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// A file under `Fixtures/`, loaded once; the harness cannot run without it.
func fixture(_ path: String) -> Data {
  let url = repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(path)
  guard let data = try? Data(contentsOf: url) else { fatalError("missing fixture \(url.path)") }
  return data
}
