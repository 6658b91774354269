"""Edit links of a group's tables, derived from the group's secret id.

The group link gives access to everything the group holds, including editing its tables. Rather than keeping
edit tokens in clear, a group table's token is an HMAC of its id keyed by the group's id: the group page can
rebuild every edit link, the table stores only the token's hash as any table does, and neither a table's read
link nor its edit link reveals the group's id.
"""

import base64
import hashlib
import hmac


def table_edit_token(group_id: str, table_id: str) -> str:
    digest = hmac.new(group_id.encode(), f"table-edit:{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()  # 24 characters, like token_urlsafe(18)
