import Foundation
import Ristretto
import Testing

@testable import MokaPot

/// The data files' reader: the same entries `JSONDecoder` reads, its escapes and its errors, the
/// dates computed without a calendar, and a cupboard too big to list.
@Suite("moka data: reading the files")
struct DataFileReaderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/moka")

  static func read<Entry: Sendable>(
    _ json: String, _ entry: @escaping @Sendable (inout DataFileReader) throws(DataFileError) -> Entry
  ) throws(DataFileError) -> [Entry] {
    try DataFileReader.entries(Array(json.utf8), entry)
  }

  @Test("the bundled files read to the entries JSONDecoder reads")
  func bundledFilesAgreeWithJSONDecoder() throws {
    func bytes(_ name: String) throws -> Data { try Data(contentsOf: Self.fixtures.appendingPathComponent(name)) }
    #expect(
      try DataFileReader.entries([UInt8](bytes("beans.json")), Bean.init(reading:))
        == JSONDecoder().decode([Bean].self, from: bytes("beans.json")))
    #expect(
      try DataFileReader.entries([UInt8](bytes("cupboard.json")), OwnedBag.init(reading:))
        == JSONDecoder().decode([OwnedBag].self, from: bytes("cupboard.json")))
    #expect(
      try DataFileReader.entries([UInt8](bytes("cafes.json")), Cafe.init(reading:))
        == JSONDecoder().decode([Cafe].self, from: bytes("cafes.json")))
  }

  @Test("escapes, unknown keys, nulls and numbers written as JSON allows")
  func escapesAndNumbers() throws {
    let json = #"""
      [ {"name":"Caff\u00e8 \"Lanterna\" \ud83d\ude00\n","kind":"cafe","latitude":4.5e1,"longitude":-7.68E0,
         "address":"Via Po\/14","timeZone":null,"hours":{},"sells":[],"rating":{"stars":[1,true,null]}} ]
      """#
    let cafe = try Self.read(json, Cafe.init(reading:))[0]
    #expect(cafe.name == "Caffè \"Lanterna\" 😀\n")
    #expect(cafe.address == "Via Po/14")
    #expect(cafe.timeZone == nil)
    #expect(cafe.latitude == 45 && cafe.longitude == -7.68)
    let bag = try Self.read(
      #"[{"name":"A","beanId":"b","roaster":"R","roastDate":"2026-11-02","bagGrams":2.5e2,"gramsLeft":0}]"#,
      OwnedBag.init(reading:))[0]
    #expect(bag.bagGrams == 250 && bag.gramsLeft == 0 && bag.openedDate == nil)
  }

  @Test(
    "bad documents get an error with its offset and reason",
    arguments: [
      (#"[{"name":"A","beanId":"b","roaster":"R","roastDate":"x","bagGrams":250}]"#, "a bag without gramsLeft"),
      (#"[{"name":"A","beanId":"b","roaster":"R","roastDate":"x","bagGrams":2.5,"gramsLeft":1}]"#, "whole number"),
      (#"[{"name":"A","beanId":"b","roaster":"R","roastDate":"x","bagGrams":1e19,"gramsLeft":1}]"#, "whole number"),
      (#"[{"name":"A","beanId":"b","roaster":"R","roastDate":"x","bagGrams":1e999,"gramsLeft":1}]"#, "out of range"),
      (#"[{"name":1}]"#, "expected a string"),
      (
        #"[{"name":"A","beanId":"b","roaster":"R","roastDate":"x","bagGrams":1,"gramsLeft":1} x"#,
        "expected ','"
      ),
      (#"[] []"#, "after the document"),
      (#"[{"name":"A\q"}]"#, "invalid escape"), (#"[{"name":"\ud800"}]"#, "surrogate"), (#"[{"name":"A"#, "unterminated"),
      (#"[{"bagGrams":012}]"#, "expected a number"), (#"{}"#, "expected an array"),
      (#"[{"x":"# + String(repeating: "[", count: 100), "nested too deeply"),
    ])
  func badDocuments(json: String, reason: String) {
    #expect {
      _ = try Self.read(json, OwnedBag.init(reading:))
    } throws: { error in
      guard let error = error as? DataFileError else { return false }
      return error.reason.contains(reason) && (0...json.utf8.count).contains(error.offset)
    }
  }

  @Test("invalid UTF-8 in a string is an error, not a replacement character")
  func invalidUTF8() {
    let bytes = Array(#"[{"name":""#.utf8) + [0xC3, 0x28] + Array(#""}]"#.utf8)
    #expect(throws: DataFileError.self) { _ = try DataFileReader.entries(bytes, OwnedBag.init(reading:)) }
  }

  @Test("a file that does not read is unavailable, with the reason and where")
  func unreadableFileNamesItsReason() {
    let data = MokaData.decoding(
      [.beans: Data("[]".utf8), .cupboard: Data(#"[{"name":"A"}]"#.utf8), .cafes: Data("[]".utf8)], now: Date())
    #expect(data.unavailable[.cupboard]?.contains("cupboard.json is not valid moka data (byte 13: a bag without") == true)
  }

  @Test("dates are the days a Gregorian calendar in UTC counts, 1999 to 2101")
  func datesAgreeWithTheCalendar() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var day = calendar.date(from: DateComponents(year: 1999, month: 1, day: 1, hour: 12))!
    let formatter = { (date: Date) -> String in
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
    while calendar.component(.year, from: day) <= 2101 {
      #expect(MokaData.date(formatter(day)) == day)
      day = calendar.date(byAdding: .day, value: 1, to: day)!
    }
    #expect(MokaData.date("2024-02-29") != nil && MokaData.date("2100-02-29") == nil)
    #expect(MokaData.date("2026-11-29T24:00") == nil && MokaData.date("+202-01-01") == nil)
    let data = MokaData(beans: [], cupboard: nil, cafes: [], now: MokaData.date("2026-11-29T10:00")!)
    #expect(data.days(since: "2026-11-02") == 27)
    #expect(data.days(since: "2026-11-29") == 0)
    #expect(data.days(since: "2026-12-01") == -1)
  }

  @Test("a cupboard too big to list: the first bags, and the summary of all that the answer states")
  func bigCupboardIsListedWithASummary() async throws {
    var data = try MokaFixtures.data()
    var bags = (0..<100).map { index in
      var bag = data.cupboard![index % data.cupboard!.count]
      bag.name += " \(index)"
      return bag
    }
    // The oldest bag is beyond those listed.
    bags[99].roastDate = "2026-01-10"
    data.cupboard = bags
    let output = try await CupboardTool(data: data).call(
      arguments: .init(GeneratedContent(json: #"{"action":"list","cups":6}"#)))
    #expect(output.bags.count == CupboardTool.maximumBags)
    let summary = try #require(output.summary)
    let grams = bags.reduce(0) { $0 + $1.gramsLeft }
    #expect(summary.bags == 100 && summary.gramsLeft == grams)
    #expect(summary.cups == 6 && summary.doseGrams == 30 && summary.brews == grams / 30)
    #expect(summary.oldest == bags[99].name && summary.finishFirst.first == bags[99].name)
    #expect(summary.finishFirst.count == CupboardTool.maximumBags)
    let assistant = MokaAssistant(data: data)
    let chat = try assistant.chat(model: try assistant.rulesModel)
    let total = try await chat.send("how much coffee do i have left in total?")
    #expect(total.response.content.contains("\(grams) g of coffee left in total across 100 bags"), "\(total.response.content)")
    let oldest = try await assistant.chat(model: try assistant.rulesModel).send("which of my bags is the oldest?")
    #expect(oldest.response.content.contains(bags[99].name), "\(oldest.response.content)")
  }

  @Test("the summary counts brews in the pot size asked, and days at the brews a day asked")
  func summaryCountsBrewsAndDays() async throws {
    let data = try MokaFixtures.data()
    let grams = data.cupboard!.reduce(0) { $0 + $1.gramsLeft }
    let output = try await CupboardTool(data: data).call(
      arguments: .init(GeneratedContent(json: #"{"action":"list","cups":2,"brewsPerDay":2}"#)))
    let summary = try #require(output.summary)
    #expect(summary.brews == grams / 10 && summary.days == grams / 10 / 2)
    #expect(output.bags.allSatisfy { $0.brewsLeft == $0.gramsLeft / 10 })
    // A size that is no pot counts in the 3-cup.
    let odd = try await CupboardTool(data: data).call(arguments: .init(GeneratedContent(json: #"{"action":"list","cups":5}"#)))
    #expect(odd.summary?.cups == 3 && odd.summary?.days == nil)
  }
}
