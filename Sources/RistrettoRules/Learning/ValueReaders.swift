import Ristretto

/// Typed values read from an utterance: numbers with the word that marks their unit, days of the
/// week and clock times, in English, Italian and Spanish.
///
/// ```swift
/// ValueReaders.numbers(in: Utterance("two bags of 250g"))  // [2 (next "bags"), 250 (unit "g")]
/// ValueReaders.weekdays.bestMatch(in: Utterance("a che ora apre sabato"))?.value  // "saturday"
/// ValueReaders.times(in: "open at 6pm?")  // ["18:00"]
/// ```
public enum ValueReaders {
  /// A number of an utterance and the words around it.
  public struct Number: Sendable, Equatable {
    /// The value.
    public var value: Double
    /// Its word position.
    public var position: Int
    /// The letters glued to its digits ("g" of "250g"), else the next word, else "".
    public var next: String
    /// The word before it, else "".
    public var previous: String
  }

  /// Numbers written in digits ("250", "250g", "1.5") or as words from one to twelve.
  public static func numbers(in utterance: Utterance) -> [Number] {
    let words = utterance.words
    var result: [Number] = []
    for (position, word) in words.enumerated() {
      let digits = word.prefix { $0.isASCII && $0.isNumber }
      let previous = position > 0 ? words[position - 1] : ""
      let following = position + 1 < words.count ? words[position + 1] : ""
      if !digits.isEmpty, digits.count <= 15, let value = Double(digits) {
        let glued = String(word.dropFirst(digits.count))
        result.append(Number(value: value, position: position, next: glued.isEmpty ? following : glued, previous: previous))
      } else if let value = numberWords[word] {
        result.append(Number(value: value, position: position, next: following, previous: previous))
      }
    }
    return result
  }

  /// Number words of English, Italian and Spanish, accents folded.
  public static let numberWords: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "couple": 2, "uno": 1, "una": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5,
    "sette": 7, "otto": 8, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "dos": 2, "tres": 3, "cuatro": 4,
    "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
  ]

  /// Unit words: a number next to one of these measures something, so it fills only a property
  /// that learned the unit.
  public static let unitWords: Set<String> = [
    "g", "gr", "gram", "grams", "gramm", "grammi", "grammo", "gramos", "gramo", "kg", "kilo", "kilos", "ml", "l",
    "litre", "liter", "litres", "liters", "cl", "oz", "ounce", "ounces", "cup", "cups", "tazza", "tazze", "taza",
    "tazas", "tz", "min", "mins", "minute", "minutes", "minuti", "minutos", "sec", "seconds", "h", "hr", "hrs", "hour",
    "hours", "ore", "horas", "am", "pm", "km", "m", "mi", "miles", "metres", "meters", "euro", "euros", "eur",
    "dollars", "usd", "days", "day", "giorni", "dias", "weeks", "settimane", "percent", "degrees", "c", "f", "bar",
    "bars", "x",
  ]

  /// Days of the week as values "monday" … "sunday", plus "today" and "tomorrow", named in
  /// English (with short forms), Italian and Spanish.
  public static let weekdays = Gazetteer(pairs: [
    ("monday", ["mon", "lunedi", "lunes"]), ("tuesday", ["tue", "tues", "martedi", "martes"]),
    ("wednesday", ["wed", "mercoledi", "miercoles"]), ("thursday", ["thu", "thur", "thurs", "giovedi", "jueves"]),
    ("friday", ["fri", "venerdi", "viernes"]), ("saturday", ["sat", "sabato", "sabado"]),
    ("sunday", ["sun", "domenica", "domingo"]), ("today", ["tonight", "oggi", "stasera", "hoy", "esta noche"]),
    ("tomorrow", ["domani", "manana"]),
  ])

  /// Clock times as "HH:MM": "18:00", "6.30", "6pm", "6 pm", "at 6 in the evening", "alle 18",
  /// "a las 6 de la tarde". An hour alone counts only after "at", "alle", "a las", "by", "until",
  /// "till" or "around".
  public static func times(in text: String) -> [String] {
    let words = Utterance.normalize(markingClockSeparators(text))
    var result: [String] = []
    var index = 0
    while index < words.count {
      defer { index += 1 }
      let word = words[index]
      let digits = word.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 2, var hour = Int(digits), hour <= 24 else { continue }
      var suffix = String(word.dropFirst(digits.count))
      var minute = 0
      var explicit = false
      // The minutes, with "am" or "pm" written onto them or after them ("10:30pm", "7.45 am").
      let minutes = index + 2 < words.count ? words[index + 2] : ""
      let after = index + 3 < words.count && ["am", "pm"].contains(words[index + 3]) ? words[index + 3] : ""
      let minuteSuffix = minutes.count == 2 ? after : String(minutes.dropFirst(2))
      if suffix.isEmpty, words.indices.contains(index + 1), words[index + 1] == separator,
        case let minuteDigits = minutes.prefix(2), minuteDigits.count == 2, minuteDigits.allSatisfy(\.isNumber),
        let value = Int(minuteDigits),
        value < 60, ["", "am", "pm"].contains(minuteSuffix)
      {
        (minute, suffix, explicit) = (value, minuteSuffix, true)
        index += 2
      } else if suffix.isEmpty, index + 1 < words.count, ["am", "pm"].contains(words[index + 1]) {
        suffix = words[index + 1]
      }
      let before = index > 0 ? words[index - 1] : ""
      let before2 = index > 1 ? words[index - 2] : ""
      // "6 pm", "6 in the evening", "alle 6 di sera", "a las 6 de la tarde"
      let evening = words[(index + 1)..<min(index + 4, words.count)].contains(where: eveningWords.contains)
      if suffix == "pm" || (evening && hour < 12) { hour = hour == 12 ? 12 : hour + 12; explicit = true }
      if suffix == "am" { hour = hour == 12 ? 0 : hour; explicit = true }
      if suffix.hasPrefix("h"), let value = Int(suffix.dropFirst()), suffix.count == 3, value < 60 {
        (minute, suffix, explicit) = (value, "", true)
      }
      if suffix == "h" { explicit = true }
      let cue =
        ["at", "alle", "by", "until", "till", "around", "before", "after", "dalle", "fino"].contains(before)
        || (before == "las" && ["a", "hasta"].contains(before2)) || before == "ore"
      guard explicit || cue, hour < 24 else { continue }
      result.append((hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)")
    }
    return result
  }

  private static let separator = "clocksep"
  private static let eveningWords: Set<String> = [
    "evening", "night", "afternoon", "pm", "sera", "pomeriggio", "notte", "tarde", "noche",
  ]

  /// `text` with each ":" or "." between digits turned into a separator word.
  private static func markingClockSeparators(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character == ":" || character == ".", index > 0, index + 1 < characters.count,
        characters[index - 1].isNumber, characters[index + 1].isNumber
      {
        result += " \(separator) "
      } else {
        result.append(character)
      }
    }
    return result
  }
}
