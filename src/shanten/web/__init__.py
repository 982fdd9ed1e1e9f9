"""The web page and JSON API of ``shanten serve``: a 牌理 page that runs offline (docs/web.md).

``shanten.web.app`` builds the application, ``shanten.web.hands`` reads the batch endpoint's body,
``shanten.web.schema`` describes the JSON for ``/openapi.json``, and ``shanten.web.serve`` is the
command. The page (``page/``: HTML, CSS and script, no build step) is package data. Only ``serve``
imports nothing beyond the standard library, so the command can say what to install.

>>> from fastapi.testclient import TestClient
>>> from shanten.web.app import create_app
>>> TestClient(create_app()).get("/api/tenhou", params={"q": "123m456p789s11223z"}).text
'聴牌(14枚)\\n打3z 待ち[1z2z 4枚]\\n'
"""
