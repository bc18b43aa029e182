"""Every setting's meaning in German and English, as the staff page's settings form
shows it in the page's language."""
from tablegame.config import SETTINGS
from web_admin.meanings import MEANINGS_DE, meaning


def test_every_setting_has_its_meaning_in_german_and_english():
    keys = [s.key for s in SETTINGS]
    missing = [s.key for s in SETTINGS if meaning(s, "de") == s.doc]
    assert not missing, f"add the German meaning of {', '.join(missing)} to web_admin/meanings.py"
    assert sorted(set(MEANINGS_DE) - set(keys)) == [], "meanings of settings that no longer exist"
    for setting in SETTINGS:
        assert meaning(setting, "en") == setting.doc and setting.doc.strip()
        assert meaning(setting, "de").strip()
