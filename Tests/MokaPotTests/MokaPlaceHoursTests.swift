import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// A place's hours on a day other than today, and whether it is open at a time: computed by the
/// places tool from its arguments, read from the question by the library's day and time readers.
/// (The fixtures' "now" is Sunday 29 November 2026, 11:00 in Turin.)
@Suite("Moka place hours by day and time")
struct MokaPlaceHoursTests {
  func places(_ json: String) async throws -> [NearbyCafesTool.Place] {
    let tool = NearbyCafesTool(data: try MokaFixtures.data())
    let content = try GeneratedContent(json: json)
    return try await tool.call(arguments: try NearbyCafesTool.Arguments(content)).places
  }

  @Test func theToolGivesADaysHoursAndWhetherOpenAtATime() async throws {
    let saturday = try await places(#"{"need":"any","openNow":false,"limit":5,"day":"saturday","time":"12:30"}"#)
    let lanterna = try #require(saturday.first { $0.name == "Caffè Lanterna" })
    #expect(lanterna.day == "Saturday" && lanterna.hoursOnDay == "08:00-20:00")
    #expect(lanterna.time == "12:30" && lanterna.openAtTime == true)
    #expect(lanterna.hoursToday == "08:00-13:00", "today's hours stay beside the day asked")
    // A time alone is today's; tomorrow is the day after today where the place is.
    let late = try await places(#"{"need":"any","openNow":false,"limit":5,"time":"14:00"}"#)
    #expect(late.first { $0.name == "Caffè Lanterna" }?.openAtTime == false)
    #expect(late.first { $0.name == "Caffè Lanterna" }?.day == "Sunday")
    let tomorrow = try await places(#"{"need":"any","openNow":false,"limit":5,"day":"tomorrow"}"#)
    #expect(tomorrow.allSatisfy { $0.day == "Monday" && $0.openAtTime == nil })
  }

  @Test func noDayOrAnImpossibleTimeAsksNothing() async throws {
    let plain = try await places(#"{"need":"any","openNow":false,"limit":5}"#)
    #expect(plain.allSatisfy { $0.day == nil && $0.hoursOnDay == nil && $0.openAtTime == nil })
    let impossible = try await places(#"{"need":"any","openNow":false,"limit":5,"time":"25:00"}"#)
    #expect(impossible.allSatisfy { $0.day == nil && $0.openAtTime == nil })
    #expect(NearbyCafesTool.minutes(of: "7:05") == 425)
    #expect(["24:00", "12:60", "123:00", "+1:00", "-1:30", "12", ""].allSatisfy { NearbyCafesTool.minutes(of: $0) == nil })
  }

  @Test func theRulesReadTheDayAndTimeAsked() {
    let read = { (text: String) in MokaToolRules.dayAndTime(Utterance(text)) }
    #expect(read("does the torrefazione open saturday morning?") == ("saturday", "09:00"))
    #expect(read("anything open this afternoon") == (nil, nil), "a part of today alone is now")
    #expect(read("il macinino e aperto domenica alle 18?") == ("sunday", "18:00"))
    #expect(read("any bar open at 7pm today") == ("today", "19:00"))
    #expect(read("anything open tomorow") == ("tomorrow", nil))
    #expect(read("we'd like a cafe open now") == (nil, nil))
    #expect(read("is it open today?") == (nil, nil))
  }

  @Test func aPlaceNamedIsAnsweredForTheDayAsked() async throws {
    let reply = try await MokaFixtures.rulesChat().send("what are the hours of Casa Moka on saturday")
    let call = try #require(MokaFixtures.calls(reply).first)
    #expect(call.tool == "nearbyCafes" && call.arguments.contains("saturday"), "\(call.arguments)")
    #expect(reply.response.content.contains("Saturday 10:00-19:30"), "\(reply.response.content)")
  }

  @Test func anotherDayAfterAListIsANewSearch() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("roasters near me?")
    let monday = try await chat.send("and which are open monday at 8?")
    let call = try #require(MokaFixtures.calls(monday).first)
    #expect(call.arguments.contains("monday") && call.arguments.contains("08:00"), "\(call.arguments)")
    #expect(monday.response.content.contains("Monday"), "\(monday.response.content)")
  }

  @Test func thePlaceShownAskedForAnotherDayIsAnsweredAlone() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("is Tostatura Crocetta open now?")
    let saturday = try await chat.send("and what time does it open on saturday?")
    #expect(MokaFixtures.calls(saturday).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(saturday))")
    let answer = saturday.response.content
    #expect(answer.contains("Tostatura Crocetta") && answer.contains("Saturday 09:00-18:00"), "\(answer)")
    #expect(!answer.contains("Lanterna"), "\(answer)")
  }

  @Test func aDayAloneAfterAPlaceAsksItsHoursThen() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("is Tostatura Crocetta open right now")
    let saturday = try await chat.send("and saturday at 10?")
    #expect(MokaFixtures.calls(saturday).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(saturday))")
    let answer = saturday.response.content
    #expect(answer.contains("Tostatura Crocetta") && answer.contains("Saturday 09:00-18:00, open at 10:00"), "\(answer)")
    #expect(!answer.contains("Lanterna"), "\(answer)")
  }
}
