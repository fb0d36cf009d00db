import { describe, expect, it } from 'vitest';
import { coursePar, decimal, newCourseForm, toCreateInput, withHoleCount } from './personal-course-form';

describe('the inline personal course form', () => {
  it('starts with 18 par-4 holes numbered as their stroke index, shared, in Norway', () => {
    const form = newCourseForm();
    expect(form.holes).toHaveLength(18);
    expect(form.holes[17]).toEqual({ par: 4, strokeIndex: '18' });
    expect(coursePar(form)).toBe(72);
    expect(form).toMatchObject({ country: 'NO', shared: true });
  });

  it('starts with one yellow tee, named in the language the form is opened in', () => {
    expect(newCourseForm(18).tees).toEqual([{ name: 'Gul', color: 'yellow', courseRating: '', slope: '' }]);
    expect(newCourseForm(9, 'Yellow').tees[0]).toMatchObject({ name: 'Yellow', color: 'yellow' });
  });

  it('keeps typed holes when switching between 9 and 18', () => {
    const form = newCourseForm(9);
    form.holes[2] = { par: 3, strokeIndex: '7' };
    const eighteen = withHoleCount(form, 18);
    expect(eighteen.holes).toHaveLength(18);
    expect(eighteen.holes[2]).toEqual({ par: 3, strokeIndex: '7' });
    expect(withHoleCount(eighteen, 9).holes[2]).toEqual({ par: 3, strokeIndex: '7' });
  });

  it('reads Norwegian decimals and builds the create input with the tee par from the holes', () => {
    expect(decimal('71,3')).toBe(71.3);
    expect(decimal(' 128 ')).toBe(128);
    expect(decimal('')).toBeNull();
    expect(decimal('abc')).toBeNull();
    const form = { ...newCourseForm(9), name: ' Hjemmebanen ', city: '', country: 'se' };
    form.tees = [{ name: 'Gul', color: '', courseRating: '34,5', slope: '121' }];
    const input = toCreateInput(form);
    expect(input).toMatchObject({ name: 'Hjemmebanen', country: 'SE', city: null, shared: true });
    expect(input.holes[0]).toEqual({ number: 1, par: 4, strokeIndex: 1 });
    expect(input.tees).toEqual([{ name: 'Gul', color: null, courseRating: 34.5, slope: 121, par: 36 }]);
  });
});
