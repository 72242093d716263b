"""What every feature's charts share: the Altair kit (colours, type, sizes, small encodings) in
`kit`, and the in-browser player (its parameters, buttons and Vega handlers) in `player`. Importing
the package makes Altair's wrapper classes cheaper to build (`wrappers`)."""

from stonegame.draw import wrappers

wrappers.install()
