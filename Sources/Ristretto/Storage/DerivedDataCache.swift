import Foundation

/// A folder for what is computed once per machine rather than at every start (a trained
/// classifier, for example), each file named by the fingerprint of everything it was computed
/// from, so a change to any input computes it anew.
///
/// Reads and writes never throw: a file that is missing, unreadable, truncated or written by
/// another version is a miss, and the caller computes the value again. Writes are atomic, so two
/// processes starting at once never read half a file.
///
/// The folder is bounded: a write that takes it past ``maximumBytes`` removes the files read or
/// written least recently until it is back within (a read marks its file as used), so values
/// computed from inputs that changed since do not pile up.
///
/// ```swift
/// let cache = DerivedDataCache.standard
/// var fingerprint = Fingerprint()
/// fingerprint.add("routing examples v1")
/// if cache.read("router", fingerprint: fingerprint) == nil { cache.write(Data([1, 2, 3]), "router", fingerprint: fingerprint) }
/// ```
public struct DerivedDataCache: Sendable, Equatable {
  /// The folder, or nil for no disk cache (every value is computed).
  public var directory: URL?

  /// The most bytes the folder's files may take after a write; the file just written is always
  /// kept, even alone above it.
  public var maximumBytes: Int

  /// The default bound of a cache folder: 256 MiB.
  public static let defaultMaximumBytes = 256 << 20

  /// A cache in `directory` (nil: none), bounded by ``defaultMaximumBytes``.
  public init(directory: URL?) { self.init(directory: directory, maximumBytes: Self.defaultMaximumBytes) }

  /// A cache in `directory` (nil: none) whose files take at most `maximumBytes` after a write.
  public init(directory: URL?, maximumBytes: Int) { (self.directory, self.maximumBytes) = (directory, maximumBytes) }

  /// `$RISTRETTO_DERIVED_CACHE` when set (empty: no disk cache), else `derived` under
  /// `$XDG_CACHE_HOME/ristretto` or `~/.cache/ristretto`.
  public static var standard: DerivedDataCache {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["RISTRETTO_DERIVED_CACHE"] {
      return DerivedDataCache(directory: path.isEmpty ? nil : URL(fileURLWithPath: path))
    }
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return DerivedDataCache(directory: base.appendingPathComponent("ristretto/derived"))
  }

  /// The stored bytes of `name` computed from `fingerprint`, or nil.
  public func read(_ name: String, fingerprint: Fingerprint) -> Data? {
    guard let url = url(name, fingerprint), let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
    // (Marked as used, so a bounded folder removes it last.)
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    return data
  }

  /// Stores `data` as `name` computed from `fingerprint`; a failure to write is ignored (the
  /// value is computed again next time).
  public func write(_ data: Data, _ name: String, fingerprint: Fingerprint) {
    guard let directory, let url = url(name, fingerprint) else { return }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    guard (try? data.write(to: url, options: .atomic)) != nil else { return }
    trim(directory, keeping: url)
  }

  /// Removes the cache's files used least recently until the folder is within ``maximumBytes``,
  /// never `kept`. Only files named as the cache names them are counted or removed.
  private func trim(_ directory: URL, keeping kept: URL) {
    let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
    guard let urls = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: Array(keys))
    else { return }
    var files: [(url: URL, bytes: Int, used: Date)] = urls.compactMap { url in
      guard Self.isCacheFile(url.lastPathComponent), let values = try? url.resourceValues(forKeys: keys) else { return nil }
      return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
    }
    var total = files.reduce(0) { $0 &+ $1.bytes }
    guard total > maximumBytes else { return }
    files.sort { $0.used < $1.used }
    for file in files where total > maximumBytes && file.url.lastPathComponent != kept.lastPathComponent {
      if (try? FileManager.default.removeItem(at: file.url)) != nil { total -= file.bytes }
    }
  }

  /// Whether `file` is named `<name>-<16 hexadecimal digits>.bin`, as ``write(_:_:fingerprint:)`` names files.
  static func isCacheFile(_ file: String) -> Bool {
    guard file.hasSuffix(".bin"), let dash = file.lastIndex(of: "-") else { return false }
    let digits = file[file.index(after: dash)..<file.index(file.endIndex, offsetBy: -4)]
    return digits.count == 16 && digits.allSatisfy(\.isHexDigit)
  }

  private func url(_ name: String, _ fingerprint: Fingerprint) -> URL? {
    let safe = String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "-" })
    return directory?.appendingPathComponent("\(safe)-\(fingerprint.hex).bin")
  }
}

/// A 64-bit FNV-1a digest of the inputs of a computation, for naming what was derived from them.
public struct Fingerprint: Sendable, Equatable, Hashable {
  /// The digest so far.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty fingerprint.
  public init() {}

  /// Adds bytes (contiguous ones, such as `Data` or an array, a buffer at a time).
  public mutating func add(_ bytes: some Sequence<UInt8>) {
    var digest = value
    let read: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      for byte in buffer { digest = (digest ^ UInt64(byte)) &* Self.prime }
    }
    if read == nil {
      for byte in bytes { digest = (digest ^ UInt64(byte)) &* Self.prime }
    }
    value = digest
  }

  private static let prime: UInt64 = 0x0000_0100_0000_01b3

  /// Adds a string and a separator, so `("ab", "c")` and `("a", "bc")` differ.
  public mutating func add(_ text: String) {
    add(text.utf8)
    add(CollectionOfOne(0xff))
  }

  /// Adds the strings of a set, whatever order they come in: their number and the sum of their
  /// own digests, so the words of a vocabulary are named without sorting them.
  public mutating func add(set strings: some Sequence<String>) {
    var count = 0
    var sum: UInt64 = 0
    for string in strings {
      var digest = Fingerprint()
      digest.add(string)
      sum &+= digest.value
      count += 1
    }
    add("\(count):\(sum)")
  }

  /// The digest as 16 hexadecimal digits.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
