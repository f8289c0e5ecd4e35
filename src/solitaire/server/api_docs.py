"""``/docs``: the API's reference as one HTML page drawn on the server from ``/openapi.json``
— every operation with its parameters, its body and each status it answers, then every
schema with its fields. No script and no stylesheet from another site (FastAPI's Swagger
page loads both from a CDN, and runs an inline script the app's Content-Security-Policy
refuses); its stylesheet is :data:`API_DOCS_CSS`, served beside it.

>>> html = render_api_docs({"info": {"title": "T", "version": "1"}, "paths": {
...     "/api/x": {"get": {"summary": "Read x", "responses": {"200": {"description": "OK",
...         "content": {"application/json": {"schema": {"$ref": "#/components/schemas/X"}}}}}}}},
...     "components": {"schemas": {"X": {"type": "object", "required": ["a"],
...         "properties": {"a": {"type": "integer"}}}}}})
>>> '<code class="method">GET</code> <code>/api/x</code>' in html
True
>>> '<a href="#schema-X">X</a>' in html
True
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

API_DOCS_CSS = """\
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem;
       padding: 1rem 1.25rem 4rem; color: #1b1f1d; background: #fbfbf8; }
h1 { font-size: 1.7rem; margin-bottom: .25rem; }
h2 { font-size: 1.15rem; margin: 2.2rem 0 .4rem; border-top: 1px solid #d8dcd6; padding-top: 1rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
code { font: .92em/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
code.method { font-weight: 700; color: #0d5c3a; }
table { border-collapse: collapse; width: 100%; margin: .3rem 0 .8rem; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem;
         border-bottom: 1px solid #e4e7e2; }
th { font-weight: 600; font-size: .9rem; color: #4a524d; }
.status { font-weight: 700; }
.required { color: #9a3412; font-size: .85rem; }
nav ul { columns: 2; padding-left: 1.2rem; }
a { color: #0d5c3a; }
"""
"""The page's stylesheet (``/docs/docs.css``)."""

REQUIRED = ' <span class="required">required</span>'
_CODE = re.compile(r"``([^`]+)``|`([^`]+)`")
_REF = "#/components/schemas/"


def _text(value: object) -> str:
    """Plain text with ``code`` in backticks, escaped, as paragraphs."""
    paragraphs = [part.strip() for part in str(value).split("\n\n") if part.strip()]
    return "".join(
        f"<p>{_CODE.sub(lambda found: f'<code>{found[1] or found[2]}</code>', escape(part))}</p>"
        for part in paragraphs
    )


def _anchor(name: str) -> str:
    return "schema-" + re.sub(r"[^A-Za-z0-9_-]", "-", name)


def type_of(schema: dict[str, Any]) -> str:
    """A schema as a short HTML type: ``integer``, a link to a model, ``list of …``,
    ``"new" | "daily"``, ``A | B``, ``null``."""
    if "$ref" in schema:
        name = str(schema["$ref"]).removeprefix(_REF)
        return f'<a href="#{_anchor(name)}">{escape(name)}</a>'
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " | ".join(type_of(option) for option in schema[key])
    if "const" in schema:
        return f"<code>{escape(repr_json(schema['const']))}</code>"
    if "enum" in schema:
        return " | ".join(f"<code>{escape(repr_json(value))}</code>" for value in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        return f"list of {type_of(schema.get('items', {}))}"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"map of {type_of(schema['additionalProperties'])}"
    if isinstance(kind, list):
        return " | ".join(escape(str(part)) for part in kind)
    return escape(str(kind)) if kind else "any"


def repr_json(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _limits(schema: dict[str, Any]) -> str:
    parts = []
    for key, label in (
        ("minimum", "≥"),
        ("maximum", "≤"),
        ("minLength", "length ≥"),
        ("maxLength", "length ≤"),
        ("maxItems", "items ≤"),
        ("pattern", "pattern"),
    ):
        if key in schema:
            parts.append(f"{label} <code>{escape(str(schema[key]))}</code>")
    if "default" in schema:
        parts.append(f"default <code>{escape(repr_json(schema['default']))}</code>")
    return ", ".join(parts)


def _body_type(content: dict[str, Any]) -> str:
    media = content.get("application/json", {})
    return type_of(media.get("schema", {})) if media else ""


def _operation(path: str, method: str, operation: dict[str, Any]) -> str:
    anchor = f"op-{method}-{re.sub(r'[^A-Za-z0-9]+', '-', path).strip('-')}"
    html = [
        f'<h2 id="{anchor}"><code class="method">{method.upper()}</code> '
        f"<code>{escape(path)}</code></h2>",
        f"<p><strong>{escape(operation.get('summary', ''))}</strong></p>",
        _text(operation.get("description", "")),
    ]
    parameters = operation.get("parameters", [])
    if parameters:
        html.append("<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>type</th></tr>")
        for parameter in parameters:
            required = (
                ' <span class="required">required</span>' if parameter.get("required") else ""
            )
            schema = parameter.get("schema", {})
            limits = _limits(schema)
            html.append(
                f"<tr><td><code>{escape(parameter['name'])}</code>{required}</td>"
                f"<td>{escape(parameter.get('in', ''))}</td>"
                f"<td>{type_of(schema)}{'; ' + limits if limits else ''}</td></tr>"
            )
        html.append("</table>")
    body = operation.get("requestBody")
    if body:
        html.append(f"<h3>Body</h3><p>{_body_type(body.get('content', {}))}</p>")
    html.append("<h3>Answers</h3><table><tr><th>status</th><th>body</th><th>when</th></tr>")
    for status, answer in operation.get("responses", {}).items():
        html.append(
            f'<tr><td class="status">{escape(status)}</td>'
            f"<td>{_body_type(answer.get('content', {}))}</td>"
            f"<td>{escape(answer.get('description', ''))}</td></tr>"
        )
    html.append("</table>")
    return "".join(html)


def _model(name: str, schema: dict[str, Any]) -> str:
    html = [f'<h2 id="{_anchor(name)}">{escape(name)}</h2>', _text(schema.get("description", ""))]
    properties = schema.get("properties")
    if properties:
        required = set(schema.get("required", []))
        html.append("<table><tr><th>field</th><th>type</th><th></th></tr>")
        for field, field_schema in properties.items():
            mark = ' <span class="required">required</span>' if field in required else ""
            notes = " ".join(
                part
                for part in (_limits(field_schema), escape(field_schema.get("description", "")))
                if part
            )
            html.append(
                f"<tr><td><code>{escape(field)}</code>{mark}</td>"
                f"<td>{type_of(field_schema)}</td><td>{notes}</td></tr>"
            )
        html.append("</table>")
    elif any(key in schema for key in ("anyOf", "oneOf", "enum", "const", "type")):
        html.append(f"<p>{type_of(schema)}</p>")
    return "".join(html)


def render_api_docs(schema: dict[str, Any]) -> str:
    """The whole page for an OpenAPI schema."""
    info = schema.get("info", {})
    title = f"{info.get('title', 'API')} {info.get('version', '')}".strip()
    operations = [
        (path, method, operation)
        for path, item in schema.get("paths", {}).items()
        for method, operation in item.items()
    ]
    contents = "".join(
        f'<li><a href="#op-{method}-{re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-")}">'
        f"<code>{method.upper()} {escape(path)}</code></a></li>"
        for path, method, _ in operations
    )
    models = schema.get("components", {}).get("schemas", {})
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="icon" href="data:,"><link rel="stylesheet" href="/docs/docs.css"></head>'
        f"<body><h1>{escape(title)}</h1>"
        f"{_text(info.get('summary', ''))}{_text(info.get('description', ''))}"
        '<p>The schema itself: <a href="/openapi.json">/openapi.json</a>.</p>'
        f"<nav><h2>Operations</h2><ul>{contents}</ul></nav>"
        + "".join(_operation(path, method, operation) for path, method, operation in operations)
        + '<h1 id="schemas">Schemas</h1>'
        + "".join(_model(name, model) for name, model in models.items())
        + "</body></html>"
    )
