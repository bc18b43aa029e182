"""How the table says things, beneath every table of texts: a ``Note`` (a key and its values,
said in any language later), a ``Phrase`` (words made where they are meant, said where they
are shown) and the grammar the texts share. Nothing here imports a table of texts, so a
family's texts and rules can use it without loading every family's words."""
