"""Completes the generated schema with the refusals every endpoint may answer, so that a
client (and schemathesis) finds every response the API gives described in it."""

from __future__ import annotations

ERROR = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
}
INVALID = {
    "type": "object",
    "description": "each refused parameter with the reasons, or a detail for the request",
    "additionalProperties": {
        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]
    },
}
REFUSALS = {
    "400": ("A parameter is not valid.", "Invalid"),
    "401": ("The token is not valid or was revoked.", "Error"),
    "403": ("This caller may not use this endpoint.", "Error"),
    "404": ("Nothing here, or not revealed yet.", "Error"),
    "429": ("Too many requests: wait and try again.", "Error"),
}


def add_refusals(result, generator, request, public):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"], schemas["Invalid"] = ERROR, INVALID
    for path in result.get("paths", {}).values():
        for operation in path.values():
            responses = operation.setdefault("responses", {})
            for code, (description, schema) in REFUSALS.items():
                responses.setdefault(
                    code,
                    {
                        "description": description,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": f"#/components/schemas/{schema}"}
                            }
                        },
                    },
                )
    return result
