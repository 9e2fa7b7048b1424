// PostgreSQL's C client (Debian's libpq-dev puts the header under postgresql/).
#include <postgresql/libpq-fe.h>
