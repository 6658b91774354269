from playwright.sync_api import Page


def fill(page: Page, entry: dict) -> None:
    """Type a round entry into the generic grid form: counts per seat, a radio for a seat field. An optional count
    folded away ("… — facultatif") is unfolded first, with a tap on its summary, as a person would."""
    for key, value in entry.items():
        if isinstance(value, list):
            for seat, v in enumerate(value):
                box = page.locator(f'input[name="{key}.{seat}"]')
                if not box.is_visible():
                    folded = page.locator("details.optional-counts", has=box)
                    if folded.count() and folded.get_attribute("open") is None:
                        folded.locator("summary").click()
                box.fill(str(v))
        else:
            page.locator(f'input[name="{key}"][value="{value}"]').check()
