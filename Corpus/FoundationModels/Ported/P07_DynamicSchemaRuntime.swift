import Foundation
import Ristretto

/// A form field definition loaded at runtime (for example from a server config).
struct FieldSpec {
    enum Kind { case text, number, flag, choice([String]) }
    var name: String
    var description: String
    var kind: Kind
    var optional: Bool = false
}

/// Turns runtime field specs into a dynamic object schema.
func makeSchema(formName: String, fields: [FieldSpec]) throws -> GenerationSchema {
    var dependencies: [DynamicGenerationSchema] = []
    var properties: [DynamicGenerationSchema.Property] = []

    for field in fields {
        let schema: DynamicGenerationSchema
        switch field.kind {
        case .text:
            schema = DynamicGenerationSchema(type: String.self)
        case .number:
            schema = DynamicGenerationSchema(type: Int.self, guides: [.range(0...100)])
        case .flag:
            schema = DynamicGenerationSchema(type: Bool.self)
        case .choice(let options):
            // A string constrained to the allowed choices.
            schema = DynamicGenerationSchema(type: String.self, guides: [.anyOf(options)])
        }
        properties.append(DynamicGenerationSchema.Property(
            name: field.name, description: field.description,
            schema: schema, isOptional: field.optional))
    }

    // A nested object type referenced from an array property.
    let step = DynamicGenerationSchema(name: "Step", description: "One follow-up step", properties: [
        .init(name: "title", schema: DynamicGenerationSchema(type: String.self)),
        .init(name: "minutes", schema: DynamicGenerationSchema(type: Int.self)),
    ])
    dependencies.append(step)
    properties.append(.init(
        name: "steps", description: "Follow-up steps",
        schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Step"),
                                        minimumElements: 1, maximumElements: 3)))

    // A union: the model picks one of the object shapes.
    let refund = DynamicGenerationSchema(name: "Refund", properties: [
        .init(name: "amount", schema: DynamicGenerationSchema(type: Double.self)),
    ])
    let escalation = DynamicGenerationSchema(name: "Escalation", properties: [
        .init(name: "team", schema: DynamicGenerationSchema(type: String.self)),
    ])
    dependencies += [refund, escalation,
                     DynamicGenerationSchema(name: "Resolution", anyOf: [refund, escalation])]
    properties.append(.init(name: "resolution", schema: DynamicGenerationSchema(referenceTo: "Resolution")))

    let root = DynamicGenerationSchema(name: formName, description: "A filled-in form", properties: properties)
    return try GenerationSchema(root: root, dependencies: dependencies)
}

func runP07() async throws -> String {
    let fields = [
        FieldSpec(name: "summary", description: "One-line summary of the issue", kind: .text),
        FieldSpec(name: "severity", description: "Severity from 0 to 100", kind: .number),
        FieldSpec(name: "category", description: "Issue category", kind: .choice(["bug", "billing", "feature"])),
        FieldSpec(name: "urgent", description: "Needs a reply today", kind: .flag),
        FieldSpec(name: "contact", description: "Email, if mentioned", kind: .text, optional: true),
    ]
    let schema = try makeSchema(formName: "SupportTicket", fields: fields)
    let session = LanguageModelSession(instructions: "You turn customer messages into support tickets.")
    let message = "My card was charged twice this morning and I need it fixed before payroll today!"

    let response = try await session.respond(
        to: "Create a ticket for: \(message)", schema: schema,
        includeSchemaInPrompt: true, options: GenerationOptions(sampling: .greedy))
    let content: GeneratedContent = response.content

    // Read typed values back out of the generated content by property name.
    let summary = try content.value(String.self, forProperty: "summary")
    let severity = try content.value(Int.self, forProperty: "severity")
    let category = try content.value(String.self, forProperty: "category")
    let urgent = try content.value(Bool.self, forProperty: "urgent")
    let contact = try? content.value(String.self, forProperty: "contact") // optional property
    let steps = try content.value([GeneratedContent].self, forProperty: "steps")
    let stepTitles = try steps.map { try $0.value(String.self, forProperty: "title") }
    let resolution = try content.value(GeneratedContent.self, forProperty: "resolution")

    // The same schema can be streamed; snapshots carry partial GeneratedContent.
    var partials = 0
    for try await snapshot in session.streamResponse(to: "Another ticket: the app crashes on login.", schema: schema) {
        partials += 1
        _ = snapshot.content.jsonString
    }

    return "P07 \(category) sev=\(severity) urgent=\(urgent) contact=\(contact ?? "none") "
        + "summary=\(summary) steps=\(stepTitles) resolution=\(resolution.jsonString) partials=\(partials)"
}
