"""`python -m browsy_server` = the `browsy` command."""

import sys

from .cli import main

sys.exit(main())
