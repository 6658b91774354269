from playwright.sync_api import Page


def fill(page: Page, entry: dict) -> None:
    """Type a round entry into the generic grid form: counts per seat, a radio for a seat field."""
    for key, value in entry.items():
        if isinstance(value, list):
            for seat, v in enumerate(value):
                page.locator(f'input[name="{key}.{seat}"]').fill(str(v))
        else:
            page.locator(f'input[name="{key}"][value="{value}"]').check()
