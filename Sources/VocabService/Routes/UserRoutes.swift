import Foundation
import HTTPTypes
import Hummingbird
import VocabCore
import VocabReports

/// `/v1/users/{user}/…`: a user's sets, language and resolutions, each behind the user's own token.
struct UserRoutes {
    let service: VocabularyService
    var authorization: Authorization { Authorization(service: service) }
    var limit: Int { service.configuration.maximumBodyBytes }

    func register(on router: Router<VocabRequestContext>) {
        let users = router.group("v1/users/:user")
        users.get("vocabulary") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            return try JSONAnswer.response(try await service.vocabularies(for: user))
        }
        users.delete { request, context in
            let user = try await authorization.requireUser(request, context: context)
            return try JSONAnswer.response(try await service.removeAll(for: user))
        }
        users.put("vocabulary/:type") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let type = try VocabularyService.type(try context.parameters.require("type"), field: "type")
            let body = try await BodyDecoding.decode(ReplaceBody.self, from: request,
                                                     limit: limit)
            return try JSONAnswer.response(try await service.replace(body.terms, for: user, type: type))
        }
        users.get("vocabulary/:type") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let type = try VocabularyService.type(try context.parameters.require("type"), field: "type")
            return try JSONAnswer.response(try await service.vocabulary(for: user, type: type))
        }
        users.get("vocabulary/:type/hints") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let type = try VocabularyService.type(try context.parameters.require("type"), field: "type")
            let query = request.uri.queryParameters
            return try JSONAnswer.response(try await service.hints(
                for: user, type: type, format: query["format"].map(String.init), budget: query["budget"].map(String.init),
                language: query["language"].map(String.init), explain: query["explain"].map(String.init),
                heard: query.getAll("heard").map { String($0) }))
        }
        users.delete("vocabulary/:type") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let type = try VocabularyService.type(try context.parameters.require("type"), field: "type")
            return try JSONAnswer.response(try await service.remove(type, for: user))
        }
        users.get("language") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            return try JSONAnswer.response(try await service.language(of: user))
        }
        users.put("language") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let body = try await BodyDecoding.decode(LanguageBody.self, from: request,
                                                     limit: limit)
            return try JSONAnswer.response(try await service.setLanguage(body.code, of: user))
        }
        users.delete("language") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            return try JSONAnswer.response(try await service.setLanguage(nil, of: user))
        }
        users.post("resolve") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let body = try await BodyDecoding.decode(ResolveBody.self, from: request,
                                                     limit: limit)
            return JSONAnswer.response(bytes: try await service.resolve(body, for: user).jsonBytes())
        }
        users.post("compare") { request, context in
            let user = try await authorization.requireUser(request, context: context)
            let body = try await BodyDecoding.decode(CompareBody.self, from: request, limit: limit)
            return try JSONAnswer.response(try await service.compare(body, for: user))
        }
    }
}

/// `/v1/admin/users/{user}/tokens`: minting, listing and revoking a user's tokens, with the admin token.
struct AdminRoutes {
    let service: VocabularyService
    var authorization: Authorization { Authorization(service: service) }

    func register(on router: Router<VocabRequestContext>) {
        let tokens = router.group("v1/admin/users/:user/tokens")
        tokens.post { request, context in
            try authorization.requireAdmin(request)
            let user = try Authorization.pathUser(context)
            return try JSONAnswer.response(try await service.mintToken(for: user), status: .created)
        }
        tokens.get { request, context in
            try authorization.requireAdmin(request)
            return try JSONAnswer.response(try await service.tokens(of: try Authorization.pathUser(context)))
        }
        tokens.delete { request, context in
            try authorization.requireAdmin(request)
            return try JSONAnswer.response(try await service.revokeTokens(of: try Authorization.pathUser(context), id: nil))
        }
        tokens.delete(":id") { request, context in
            try authorization.requireAdmin(request)
            let user = try Authorization.pathUser(context)
            let answer = try await service.revokeTokens(of: user, id: try context.parameters.require("id"))
            guard answer.revoked > 0 else { throw Problem(.notFound, "the user has no token with this id", field: "id") }
            return try JSONAnswer.response(answer)
        }
    }
}

/// `/v1/locales`: the locales and their app vocabulary. Listing is open; resolving needs any valid token
/// (a user's or the admin's).
struct LocaleRoutes {
    let service: VocabularyService
    var authorization: Authorization { Authorization(service: service) }

    func register(on router: Router<VocabRequestContext>) {
        router.get("v1/locales") { _, _ in try JSONAnswer.response(service.localesAnswer()) }
        router.post("v1/locales/:locale/parameters/:parameter/resolve") { request, context in
            _ = try await authorization.requireAnyToken(request)
            let body = try await BodyDecoding.decode(AppResolveBody.self, from: request, limit: service.configuration.maximumBodyBytes)
            let locale = try context.parameters.require("locale")
            let parameter = try context.parameters.require("parameter")
            return try JSONAnswer.response(try service.resolveAppTerm(
                body.query, parameter: parameter.removingPercentEncoding ?? parameter,
                locale: locale.removingPercentEncoding ?? locale))
        }
    }
}
