import { SourceField as SourceField_ab60080e884d1c2e5e54783cbe431515 } from '../../../../cms/components/SourceField.tsx'
import { HandEditedField as HandEditedField_84350e8afca4f791a9e4d52cd00ac159 } from '../../../../cms/components/HandEditedField.tsx'
import { PayTableDeltaPreview as PayTableDeltaPreview_9c618c9fbb8ba1e1d943d9239557ab16 } from '../../../../cms/components/PayTableDeltaPreview.tsx'
import { UnaTantumField as UnaTantumField_2ca22c35d23c77723e86f2bf1ee576d9 } from '../../../../cms/components/UnaTantumField.tsx'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SellerProblems as SellerProblems_ee0bbdf12abe473b1b866ab79998545a } from '../../../../cms/components/SellerProblems.tsx'
import { SubscribersNavLink as SubscribersNavLink_1b5586060558e6ae052a1c1f6117c657 } from '../../../../cms/components/Subscribers/SubscribersNavLink.tsx'
import { BillingNavLink as BillingNavLink_61fd80571f2e244fcd18e75ba49d35aa } from '../../../../cms/components/BillingNavLink.tsx'
import { StudioNavLink as StudioNavLink_4b45cfb4b5d02c0ba622976fb4837a24 } from '../../../../cms/components/StudioNavLink.tsx'
import { SubscribersDashboardCard as SubscribersDashboardCard_f7f75ee420cef95567bcae59f30dc9e7 } from '../../../../cms/components/Subscribers/SubscribersDashboardCard.tsx'
import { ItalianAriaLabels as ItalianAriaLabels_fd4a00c08729fed81eaf7f971fc5ef24 } from '../../../../cms/components/ItalianAriaLabels.tsx'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { BillingView as BillingView_af4a9509ecd2a9a8be98ed5fc181aef7 } from '../../../../cms/components/BillingView.tsx'
import { StudioView as StudioView_25d5c742f0c08db9f0640ac5a205a802 } from '../../../../cms/components/StudioView.tsx'
import { SubscribersView as SubscribersView_b606da708318ce187a48df38e82fe27d } from '../../../../cms/components/Subscribers/SubscribersView.tsx'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/cms/components/SourceField.tsx#SourceField": SourceField_ab60080e884d1c2e5e54783cbe431515,
  "/cms/components/HandEditedField.tsx#HandEditedField": HandEditedField_84350e8afca4f791a9e4d52cd00ac159,
  "/cms/components/PayTableDeltaPreview.tsx#PayTableDeltaPreview": PayTableDeltaPreview_9c618c9fbb8ba1e1d943d9239557ab16,
  "/cms/components/UnaTantumField.tsx#UnaTantumField": UnaTantumField_2ca22c35d23c77723e86f2bf1ee576d9,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/cms/components/SellerProblems.tsx#SellerProblems": SellerProblems_ee0bbdf12abe473b1b866ab79998545a,
  "/cms/components/Subscribers/SubscribersNavLink.tsx#SubscribersNavLink": SubscribersNavLink_1b5586060558e6ae052a1c1f6117c657,
  "/cms/components/BillingNavLink.tsx#BillingNavLink": BillingNavLink_61fd80571f2e244fcd18e75ba49d35aa,
  "/cms/components/StudioNavLink.tsx#StudioNavLink": StudioNavLink_4b45cfb4b5d02c0ba622976fb4837a24,
  "/cms/components/Subscribers/SubscribersDashboardCard.tsx#SubscribersDashboardCard": SubscribersDashboardCard_f7f75ee420cef95567bcae59f30dc9e7,
  "/cms/components/ItalianAriaLabels.tsx#ItalianAriaLabels": ItalianAriaLabels_fd4a00c08729fed81eaf7f971fc5ef24,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/cms/components/BillingView.tsx#BillingView": BillingView_af4a9509ecd2a9a8be98ed5fc181aef7,
  "/cms/components/StudioView.tsx#StudioView": StudioView_25d5c742f0c08db9f0640ac5a205a802,
  "/cms/components/Subscribers/SubscribersView.tsx#SubscribersView": SubscribersView_b606da708318ce187a48df38e82fe27d,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
