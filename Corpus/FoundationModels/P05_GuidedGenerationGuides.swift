import Foundation
import FoundationModels

@Generable(description: "An item sold in a fantasy RPG shop") // [macro]
struct ShopItem {
    @Guide(description: "A creative name for an item sold in a fantasy RPG") // [macro]
    var name: String

    @Guide(description: "A cost for the item", .range(0.25...1000)) // [macro]
    var cost: Decimal

    @Guide(description: "Item rarity", .anyOf(["common", "rare", "legendary"])) // [macro]
    var rarity: String

    @Guide(description: "A stock code like ABC-123", .pattern(/[A-Z]{3}-\d{3}/)) // [macro]
    var sku: String

    @Guide(description: "How many units are in stock", .minimum(0), .maximum(99)) // [macro]
    var stock: Int
}

@Generable // [macro]
struct Shop {
    @Guide(description: "A creative name for a shop in a fantasy RPG") // [macro]
    var name: String

    @Guide(description: "The shopkeeper's greeting", /Welcome[ ,].+/) // [macro]
    var greeting: String

    @Guide(description: "A list of items for sale", .maximumCount(10)) // [macro]
    var inventory: [ShopItem]

    @Guide(description: "Exactly three short tags for the shop", .count(3)) // [macro]
    var tags: [String]

    @Guide(description: "Opening hour, 24-hour clock", .range(6...12)) // [macro]
    var opensAt: Int

    @Guide(.constant("fantasy")) // [macro]
    var genre: String
}

@Generable // [macro]
struct SearchSuggestions {
    @Guide(description: "A list of suggested search terms.", .count(4)) // [macro]
    var searchTerms: [SearchTerm]

    @Generable // [macro]
    struct SearchTerm {
        var id: GenerationID
        @Guide(description: "A two- or three- word search term, like 'Beautiful sunsets'.") // [macro]
        var searchTerm: String
    }
}

func runP05() async throws -> String {
    let session = LanguageModelSession(instructions: "You design shops for a fantasy role-playing game.")

    // Generate a structured value, including the schema in the prompt.
    let shopResponse = try await session.respond(
        to: "Create a potion shop in a mountain village.",
        generating: Shop.self,
        includeSchemaInPrompt: true,
        options: GenerationOptions(sampling: nil, temperature: 0.7)
    )
    let shop = shopResponse.content
    let priciest = shop.inventory.max(by: { $0.cost < $1.cost })

    // A follow-up in the same session can skip the schema to save context.
    let suggestions = try await session.respond(
        to: "Suggest search terms a player might use to find this shop.",
        generating: SearchSuggestions.self,
        includeSchemaInPrompt: false
    ).content

    let schemaDebug = String(describing: Shop.generationSchema)
    let terms = suggestions.searchTerms.map(\.searchTerm).joined(separator: ", ")
    return "P05 shop=\(shop.name) items=\(shop.inventory.count) tags=\(shop.tags) "
        + "priciest=\(priciest?.name ?? "-") sku=\(priciest?.sku ?? "-") "
        + "terms=[\(terms)] raw=\(shopResponse.rawContent.jsonString.count) schema=\(schemaDebug.count)"
}
