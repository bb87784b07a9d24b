import Foundation
import Testing

@testable import MokaPot

/// A big data file read in parts on every core reads the entries one reader reads, and reports
/// the error one reader reports, wherever a part's guessed start falls.
@Suite("moka data: reading a big file in parts")
struct DataFileReaderPartsTests {
  /// A places file of `count` entries; each name holds `name` and its index.
  static func places(_ count: Int, name: String = "Caffè", separator: String = ",") -> [UInt8] {
    let entries = (0..<count).map { index in
      #"{"name":"\#(name) \#(index)","kind":"cafe","latitude":45.07,"longitude":7.68,"address":"Via Po \#(index)","#
        + #""hours":{"mon":"07:00-20:00"},"sells":["espresso","beans"]}"#
    }
    return Array(("[" + entries.joined(separator: separator) + "]\n").utf8)
  }

  /// Reads a place (a closure of its own: the initializer named inside a test macro crashes the compiler).
  static let cafe: @Sendable (inout DataFileReader) throws(DataFileError) -> Cafe = {
    (reader: inout DataFileReader) throws(DataFileError) in
    try Cafe(reading: &reader)
  }

  static func oneReader(_ bytes: [UInt8]) throws -> [Cafe] {
    var reader = DataFileReader(bytes)
    return try reader.document { (reader: inout DataFileReader) throws(DataFileError) in
      var cafes: [Cafe] = []
      try reader.array { (reader: inout DataFileReader) throws(DataFileError) in cafes.append(try Cafe(reading: &reader)) }
      return cafes
    }
  }

  /// The error reading `bytes` with ``DataFileReader/entries(_:_:)`` reports, if any.
  static func error(reading bytes: [UInt8]) -> DataFileError? {
    do {
      _ = try DataFileReader.entries(bytes, Self.cafe)
      return nil
    } catch { return error }
  }

  @Test("parts read the entries one reader reads, in order, for any number of parts")
  func partsAgreeWithOneReader() throws {
    for separator in [",", " ,\n  "] {
      let bytes = Self.places(2_000, separator: separator)
      let expected = try Self.oneReader(bytes)
      // (The file is split: every guessed start is found.)
      #expect((1..<7).allSatisfy { DataFileReader.entryStart(in: bytes, from: bytes.count / 7 * $0) != nil })
      for parts in [1, 2, 3, 7] {
        let read = try #require(DataFileReader.inParts(bytes, Self.cafe, parts: parts))
        #expect(read == expected)
      }
    }
  }

  @Test("a guessed start inside a string is found out, and the file is read from its start")
  func guessInsideAString() throws {
    // Every name holds what looks like an entry's start, so guesses fall inside strings and between entries.
    let bytes = Self.places(8_000, name: #"x},{\"y"#)
    #expect(bytes.count >= 1 << 20)
    let expected = try Self.oneReader(bytes)
    let read = (2...12).map { DataFileReader.inParts(bytes, Self.cafe, parts: $0) }
    #expect(read.allSatisfy { $0 == nil || $0 == expected })
    #expect(read.contains { $0 == nil } && read.contains { $0 != nil })
    let entries = try DataFileReader.entries(bytes, Self.cafe)
    #expect(entries == expected && entries.count == 8_000 && entries[5].name == #"x},{"y 5"#)
  }

  @Test("an error in any part is the error one reader reports")
  func errorsAreOneReadersErrors() throws {
    let clean = Self.places(20_000)
    #expect(clean.count >= 1 << 20)
    // A string left open in the first part, the second, or both (one reader reports the first).
    for quarters in [[1], [3], [1, 3]] {
      var bytes = clean
      for quarter in quarters {
        let quote = try #require(bytes[(bytes.count * quarter / 4)...].firstIndex(of: UInt8(ascii: "\"")))
        bytes[quote] = UInt8(ascii: "?")
      }
      try expectOneReadersError(bytes)
    }
    // A value nested past the reader's depth limit, in the second part.
    var nested = clean
    let key = try #require(nested[(nested.count * 3 / 4)...].firstRange(of: Array(#""kind""#.utf8))?.lowerBound)
    nested.insert(
      contentsOf: Array(("\"x\":" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + ",").utf8), at: key)
    try expectOneReadersError(nested)
    #expect(Self.error(reading: nested)?.reason == "nested too deeply")
    // Something after the array's end.
    try expectOneReadersError(clean + Array("x".utf8))
    #expect(Self.error(reading: clean + Array("x".utf8))?.reason == "unexpected bytes after the document")
  }

  /// Reading `bytes` in parts gives nil, and reading them as the data files are read reports the
  /// error one reader reports.
  func expectOneReadersError(_ bytes: [UInt8]) throws {
    var caught: DataFileError?
    do { _ = try Self.oneReader(bytes) } catch { caught = error as? DataFileError }
    let expected = try #require(caught)
    #expect(DataFileReader.inParts(bytes, Self.cafe, parts: 2) == nil)
    #expect(Self.error(reading: bytes) == expected)
  }
}
