import { icsOutput, myCalendarInput } from '../../../shared/schemas/calendar';
import { myCalendar } from '../../calendar/my-calendar';
import { byVisitor } from '../calls';
import { publicProcedure, router } from '../init';

/**
 * A player's secret calendar (decision 0430): no session, the address's token is the key. A calendar app
 * reads it over REST (GET /calendar/{token}.ics); the procedure is the same code.
 */
export const calendarRouter = router({
  feed: publicProcedure.input(myCalendarInput).output(icsOutput).query(byVisitor(myCalendar)),
});
