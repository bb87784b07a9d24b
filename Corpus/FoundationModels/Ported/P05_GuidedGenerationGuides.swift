import Foundation
import Ristretto

struct ShopItem {
    var name: String

    var cost: Decimal

    var rarity: String

    var sku: String

    var stock: Int
}

struct Shop {
    var name: String

    var greeting: String

    var inventory: [ShopItem]

    var tags: [String]

    var opensAt: Int

    var genre: String
}

struct SearchSuggestions {
    var searchTerms: [SearchTerm]

    struct SearchTerm {
        var id: GenerationID
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

// MARK: - Ristretto conformances

extension ShopItem: GenerableObject, Decodable {
    static let properties = GenerableProperties<ShopItem>(description: "An item sold in a fantasy RPG shop") {
        GenerableProperty(\.name, description: "A creative name for an item sold in a fantasy RPG")
        GenerableProperty(\.cost, description: "A cost for the item", .range(0.25...1000))
        GenerableProperty(\.rarity, description: "Item rarity", .anyOf(["common", "rare", "legendary"]))
        GenerableProperty(\.sku, description: "A stock code like ABC-123", .pattern(/[A-Z]{3}-\d{3}/))
        GenerableProperty(\.stock, description: "How many units are in stock", .minimum(0), .maximum(99))
    }
}

extension Shop: GenerableObject, Decodable {
    static let properties = GenerableProperties<Shop> {
        GenerableProperty(\.name, description: "A creative name for a shop in a fantasy RPG")
        GenerableProperty(\.greeting, description: "The shopkeeper's greeting", .pattern(/Welcome[ ,].+/))
        GenerableProperty(\.inventory, description: "A list of items for sale", .maximumCount(10))
        GenerableProperty(\.tags, description: "Exactly three short tags for the shop", .count(3))
        GenerableProperty(\.opensAt, description: "Opening hour, 24-hour clock", .range(6...12))
        GenerableProperty(\.genre, .constant("fantasy"))
    }
}

extension SearchSuggestions: GenerableObject, Decodable {
    static let properties = GenerableProperties<SearchSuggestions> {
        GenerableProperty(\.searchTerms, description: "A list of suggested search terms.", .count(4))
    }
}

extension SearchSuggestions.SearchTerm: GenerableObject, Decodable {
    static let properties = GenerableProperties<SearchSuggestions.SearchTerm> {
        GenerableProperty(\.id)
        GenerableProperty(\.searchTerm, description: "A two- or three- word search term, like 'Beautiful sunsets'.")
    }
}
