import Ristretto  // [import]

// A schema built at run time, as in "DynamicGenerationSchema".
func dynamicMenuProgram(dishes: [String]) async throws -> (dish: String, price: Int) {
  let dishSchema = DynamicGenerationSchema(name: "Dish", anyOf: dishes)
  let menuSchema = DynamicGenerationSchema(
    name: "Order",
    properties: [
      DynamicGenerationSchema.Property(name: "dish", schema: dishSchema),
      DynamicGenerationSchema.Property(
        name: "price", description: "Price in euros", schema: DynamicGenerationSchema(type: Int.self)),
    ])
  let schema = try GenerationSchema(root: menuSchema, dependencies: [dishSchema])
  let session = LanguageModelSession(instructions: "You take orders in a cafe.")
  let response = try await session.respond(to: "Order me something warm.", schema: schema)
  let dish = try response.content.value(String.self, forProperty: "dish")
  let price = try response.content.value(Int.self, forProperty: "price")
  return (dish, price)
}
