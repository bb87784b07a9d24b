import Ristretto

/// A bean as tools report it.
public struct BeanCard: GenerableObject, Equatable {
  public var name, origin, process, roast: String
  public var notes: [String]
  public var body, acidity, sweetness: Int

  public static let properties = GenerableProperties<BeanCard> {
    GenerableProperty("name", \.name)
    GenerableProperty("origin", \.origin)
    GenerableProperty("process", \.process)
    GenerableProperty("roast", \.roast)
    GenerableProperty("notes", \.notes)
    GenerableProperty("body", \.body, .range(1...5))
    GenerableProperty("acidity", \.acidity, .range(1...5))
    GenerableProperty("sweetness", \.sweetness, .range(1...5))
  }

  init(_ bean: Bean) {
    (name, process, roast, notes) = (bean.name, bean.process, bean.roast, bean.notes)
    origin = bean.region.isEmpty || bean.region == bean.country ? bean.country : "\(bean.region), \(bean.country)"
    (body, acidity, sweetness) = (bean.body, bean.acidity, bean.sweetness)
  }

  public init(_ content: GeneratedContent) throws {
    name = try content.value(forProperty: "name")
    origin = try content.value(forProperty: "origin")
    process = try content.value(forProperty: "process")
    roast = try content.value(forProperty: "roast")
    notes = try content.value(forProperty: "notes")
    body = try content.value(forProperty: "body")
    acidity = try content.value(forProperty: "acidity")
    sweetness = try content.value(forProperty: "sweetness")
  }
}
