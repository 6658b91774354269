"""Building blocks of the OpenAPI document (:mod:`companion.tables.openapi`), shared with the game folders'
``tools`` modules, which describe their own routes with them (``OPENAPI_SCHEMAS``, ``OPENAPI_PATHS``)."""

from __future__ import annotations


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def response(schema: dict, description: str) -> dict:
    """A JSON answer of ``schema``."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def errors(description: str) -> dict:
    """The API's error answer (:func:`companion.web.http.json_errors`)."""
    return response(ref("Errors"), description)


def body(schema: dict) -> dict:
    """A required JSON request body."""
    return {"required": True, "content": {"application/json": {"schema": schema}}}


LANG = {"name": "Accept-Language", "in": "header", "required": False, "schema": {"type": "string"},
        "description": "fr (default) or en: the language of every message"}

COMMON = {"400": errors("the request cannot be read (JSON, headers) or names a bad field"),
          "405": errors("wrong method (with an Allow header)"),
          "413": errors("body over the size limit")}
