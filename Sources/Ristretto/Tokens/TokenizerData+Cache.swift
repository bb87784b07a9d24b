import Foundation

extension TokenizerData {
  /// Reads the compact JSON extract once per machine: later starts read a binary copy from
  /// `cache`, named by the fingerprint of the JSON's bytes, instead of decoding the JSON again.
  ///
  /// The copy is exactly the decoded data; a missing or damaged copy is decoded and rewritten.
  ///
  /// ```swift
  /// let tokenizer = try TokenizerData(json: fixture, cache: .standard).makeTokenizer()
  /// ```
  ///
  /// - Throws: what ``init(json:)`` throws for JSON that is not a tokenizer extract.
  public init(json data: Data, cache: DerivedDataCache) throws {
    var fingerprint = Fingerprint()
    fingerprint.add("TokenizerData/1")
    fingerprint.add(data)
    if let stored = cache.read("tokenizer", fingerprint: fingerprint), let read = TokenizerData(stored: stored) {
      self = read
      return
    }
    try self.init(json: data)
    cache.write(stored, "tokenizer", fingerprint: fingerprint)
  }

  /// Every field as bytes (``ByteWriter``); optional fields carry a presence flag.
  var stored: Data {
    var writer = ByteWriter()
    func flag(_ present: Bool) { writer.write(present ? 1 : 0) }
    func strings(_ values: [String]) {
      writer.write(values.count)
      for value in values { writer.write(value) }
    }
    func integers(_ values: [Int]) {
      writer.write(values.count)
      for value in values { writer.write(value) }
    }
    func optional(_ value: String?) {
      flag(value != nil)
      if let value { writer.write(value) }
    }
    func optional(_ value: Int?) {
      flag(value != nil)
      if let value { writer.write(value) }
    }
    func optional(_ value: Bool?) { optional(value.map { $0 ? 1 : 0 }) }
    func optional(_ values: [Int]?) {
      flag(values != nil)
      if let values { integers(values) }
    }
    writer.write("ristretto-tokenizer-data/1")
    writer.write(model)
    optional(pre)
    strings(tokens)
    optional(types)
    strings(merges)
    flag(scores != nil)
    if let scores {
      writer.write(scores.count)
      for value in scores { writer.write(Double(value)) }
    }
    optional(addSpacePrefix)
    for id in [bos, eos, eot, unk] { optional(id) }
    optional(eog)
    optional(addBos)
    optional(chatTemplate)
    optional(contextLength)
    return writer.data
  }

  /// Reads ``stored``; nil unless the bytes are a whole copy of this format.
  init?(stored: Data) {
    var reader = ByteReader(stored)
    guard reader.string() == "ristretto-tokenizer-data/1" else { return nil }
    var failed = false
    func present() -> Bool {
      guard let flag = reader.int(atMost: 1) else {
        failed = true
        return false
      }
      return flag == 1
    }
    func string() -> String? {
      guard let value = reader.string() else {
        failed = true
        return nil
      }
      return value
    }
    func integer() -> Int? {
      guard let raw = reader.uint64() else {
        failed = true
        return nil
      }
      return Int(Int64(bitPattern: raw))
    }
    func strings() -> [String] {
      guard let count = reader.int(atMost: reader.remaining / 8) else {
        failed = true
        return []
      }
      return (0..<count).compactMap { _ in string() }
    }
    func integers() -> [Int] {
      guard let count = reader.int(atMost: reader.remaining / 8) else {
        failed = true
        return []
      }
      return (0..<count).compactMap { _ in integer() }
    }
    guard let model = string() else { return nil }
    self.model = model
    pre = present() ? string() : nil
    tokens = strings()
    types = present() ? integers() : nil
    merges = strings()
    if present() {
      guard let count = reader.int(atMost: reader.remaining / 8) else { return nil }
      scores = (0..<count).map { _ in Float(reader.double() ?? 0) }
    } else {
      scores = nil
    }
    addSpacePrefix = present() ? integer().map { $0 == 1 } : nil
    bos = present() ? integer() : nil
    eos = present() ? integer() : nil
    eot = present() ? integer() : nil
    unk = present() ? integer() : nil
    eog = present() ? integers() : nil
    addBos = present() ? integer().map { $0 == 1 } : nil
    chatTemplate = present() ? string() : nil
    contextLength = present() ? integer() : nil
    guard !failed, reader.isAtEnd else { return nil }
  }
}
